import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the server tests (the browser tests use Chromium's virtual one):
 * one ES256 passkey that answers WebAuthn ceremonies with real signatures, so the server's
 * verification runs on real bytes. CBOR goes through SimpleWebAuthn's own encoder.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16).toString('base64url');
  /** The sign counter it reports next time minus one; set it to play a clone. */
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };

  private readonly defaults: { rpId: string; origin: string };

  constructor(defaults: { rpId: string; origin: string }) {
    this.defaults = defaults;
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x as string, y: jwk.y as string };
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Uint8Array {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const rpIdHash = createHash('sha256').update(rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    const json = JSON.stringify({ type, challenge, origin, crossOrigin: false });
    return Buffer.from(json).toString('base64url');
  }

  /** Answers creation options, as `navigator.credentials.create` would. */
  register(
    options: { challenge: string },
    overrides: { origin?: string; rpId?: string } = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? this.defaults.rpId;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const id = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, isoCBOR.encode(cose)]);
    // User present (0x01), verified (0x04), attested credential data (0x40).
    const authData = this.authData(rpId, 0x45, attested);
    const fields: [string, string | Uint8Array | Map<string, string>][] = [
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ];
    const attestationObject = isoCBOR.encode(new Map(fields));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData(
          'webauthn.create',
          options.challenge,
          overrides.origin ?? this.defaults.origin,
        ),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** Answers request options, as `navigator.credentials.get` would; the counter goes up by 1. */
  assert(
    options: { challenge: string },
    userId: string,
    overrides: { origin?: string; rpId?: string } = {},
  ): AuthenticationResponseJSON {
    this.counter += 1;
    const authData = this.authData(overrides.rpId ?? this.defaults.rpId, 0x05);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.defaults.origin,
    );
    const clientHash = createHash('sha256')
      .update(Buffer.from(clientDataJSON, 'base64url'))
      .digest();
    const signature = sign('sha256', Buffer.concat([authData, clientHash]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: Buffer.from(authData).toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: Buffer.from(userId).toString('base64url'),
      },
    };
  }
}
