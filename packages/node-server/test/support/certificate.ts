import { generate } from 'selfsigned';

export interface Certificate {
  readonly key: string;
  readonly cert: string;
}

/** A fresh self-signed certificate for 127.0.0.1 and localhost (clients trust it with `ca: cert`). */
export async function selfSignedCertificate(): Promise<Certificate> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
