import { X509Certificate } from 'node:crypto';

export interface ParsedCertificate {
  serial: string;
  issuer: string;
  subject: string;
  validFrom: Date;
  validTo: Date;
  pem: string;
}

/** Parses one PEM certificate with node:crypto; null when it is not a readable X.509 certificate. */
export function parseCertificate(pem: string): ParsedCertificate | null {
  try {
    const cert = new X509Certificate(pem);
    const validFrom = new Date(cert.validFrom);
    const validTo = new Date(cert.validTo);
    if (Number.isNaN(validFrom.getTime()) || Number.isNaN(validTo.getTime())) return null;
    return {
      serial: cert.serialNumber,
      issuer: cert.issuer.split('\n').join(', '),
      subject: cert.subject.split('\n').join(', '),
      validFrom,
      validTo,
      pem: cert.toString(),
    };
  } catch {
    return null;
  }
}
