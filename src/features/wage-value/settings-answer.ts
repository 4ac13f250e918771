/** The spec's rule on the wageValueSettings answer (02 §7, §8). */
export function checkSettingsAnswer(answer: { status?: unknown[] | null; sequence?: unknown[] | null } | null | undefined): { ok: true } | { ok: false; reason: string } {
  if (!answer || !Array.isArray(answer.status) || !Array.isArray(answer.sequence)) return { ok: false, reason: 'wageValue.errors.invalidResponse' };
  return { ok: true };
}

