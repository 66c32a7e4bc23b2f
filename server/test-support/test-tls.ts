import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** A certificate authority made for one test run, and a server certificate it signed. */
export interface TestTls {
  /** The CA certificate (PEM): what a client under test is told to trust. */
  readonly ca: string;
  /** The server's certificate (PEM), valid for 127.0.0.1, ::1 and localhost. */
  readonly cert: string;
  /** The server's private key (PEM). */
  readonly key: string;
}

function rsaKeys() {
  // node:crypto makes the keys (fast, native); node-forge only builds and signs the X.509.
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    privateKeyPem: privateKey,
  };
}

function certificate(publicKey: forge.pki.PublicKey, subject: string) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // Positive, 16 bytes: what RFC 5280 asks of a serial number.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60 * 60_000);
  cert.validity.notAfter = new Date(now + 24 * 60 * 60_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  return cert;
}

/**
 * Generates, at test time, a CA and a server certificate it signed, so a local https stand-in
 * can be reached with full verification (the client trusts `ca`; nothing turns checking off).
 */
export function createTestTls(): TestTls {
  const caKeys = rsaKeys();
  const caCert = certificate(caKeys.publicKey, 'Refstash test CA');
  caCert.setIssuer(caCert.subject.attributes);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(caKeys.privateKey, forge.md.sha256.create());

  const serverKeys = rsaKeys();
  const serverCert = certificate(serverKeys.publicKey, 'localhost');
  serverCert.setIssuer(caCert.subject.attributes);
  serverCert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  serverCert.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    ca: forge.pki.certificateToPem(caCert),
    cert: forge.pki.certificateToPem(serverCert),
    key: serverKeys.privateKeyPem,
  };
}
