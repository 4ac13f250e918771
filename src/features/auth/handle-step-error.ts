import { ApiError } from '../../lib/api/api-error';
import { catalogueAction } from '../../lib/api/error-catalogue';
import { endSessionLocally, runCatalogueAction } from '../../lib/api/effects';

/**
 * An error of a sign-in step that ends the step: too many codes sign the user out (01 §8 user messages);
 * a dead or missing session goes to Login by the catalogue. Answers true when it was handled so.
 */
export async function handleStepEnd(error: unknown): Promise<boolean> {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'mfa_too_many_attempts') {
    await endSessionLocally('mfaAttempts', { redirect: false });
    return true;
  }
  const action = catalogueAction(error.code, error.hint);
  if (action.kind === 'signIn') {
    await runCatalogueAction(action);
    return true;
  }
  return false;
}
