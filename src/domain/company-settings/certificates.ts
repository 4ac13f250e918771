import * as v from 'valibot';

/** A server certificate of a company (01 §3): a label and a PEM certificate; the server parses the rest. */
export const CertificateInputSchema = v.object({
  label: v.pipe(v.string('admin.errors.certificate.labelRequired'), v.trim(), v.nonEmpty('admin.errors.certificate.labelRequired'), v.maxLength(200, 'admin.errors.certificate.labelTooLong')),
  pem: v.pipe(
    v.string('admin.errors.certificate.pemRequired'),
    v.trim(),
    v.nonEmpty('admin.errors.certificate.pemRequired'),
    v.maxLength(20000, 'admin.errors.certificate.pemInvalid'),
    v.regex(/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/, 'admin.errors.certificate.pemInvalid'),
  ),
});
export type CertificateInput = v.InferOutput<typeof CertificateInputSchema>;

/** Days before validTo from which a certificate is shown as expiring. */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 30;

export type CertificateState = 'valid' | 'expiring' | 'expired' | 'notYetValid';

/** The state of a certificate at `now`. */
export function certificateState(validFrom: string, validTo: string, now: Date): CertificateState {
  const from = Date.parse(validFrom);
  const to = Date.parse(validTo);
  if (now.getTime() < from) return 'notYetValid';
  if (now.getTime() > to) return 'expired';
  if (to - now.getTime() < CERTIFICATE_EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000) return 'expiring';
  return 'valid';
}
