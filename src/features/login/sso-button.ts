import * as v from 'valibot';

const ButtonSchema = v.object({
  uuid: v.string(),
  label: v.string(),
});

export type SsoButton = v.InferOutput<typeof ButtonSchema>;

const AnswerSchema = v.union([v.array(ButtonSchema), v.object({ items: v.array(ButtonSchema) }), v.object({ buttons: v.array(ButtonSchema) })]);

/** Reads the `POST /api/oauth/sso-buttons` answer: a list, or an object holding `items`/`buttons`. */
export function parseSsoButtons(body: unknown): SsoButton[] {
  const result = v.safeParse(AnswerSchema, body);
  if (!result.success) return [];
  const output = result.output;
  if (Array.isArray(output)) return output;
  return 'items' in output ? output.items : output.buttons;
}

/** The single sign-on buttons of this site; an empty list on any failure. */
export async function fetchSsoButtons(signal?: AbortSignal): Promise<SsoButton[]> {
  try {
    const response = await fetch('/api/oauth/sso-buttons', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' }, signal });
    if (!response.ok) return [];
    return parseSsoButtons(await response.json());
  } catch {
    return [];
  }
}
