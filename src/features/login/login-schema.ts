import * as v from 'valibot';

/** Messages are i18n keys; the form adds the field's label (`Veld {{field}} is niet ingevuld`). */
export const LoginSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required')),
  password: v.pipe(v.string(), v.nonEmpty('validation.required')),
});

export type LoginInput = v.InferInput<typeof LoginSchema>;
export type LoginValues = v.InferOutput<typeof LoginSchema>;
