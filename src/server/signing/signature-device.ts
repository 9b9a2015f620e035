import { sign, type KeyObject } from 'node:crypto';

/**
 * What signs: a certificate with its chain and a key that signs with SHA-256 and RSA
 * (PKCS#1 v1.5). An A1 certificate's key is in the server's memory for one request; a cloud
 * certificate (BirdID, VIDaaS, …) would implement the same with a call to its provider.
 */
export interface SignatureDevice {
  /** The holder's certificate, DER. */
  certificate: Uint8Array<ArrayBuffer>;
  /** The certificates above it, issuer first (DER). */
  chain: readonly Uint8Array<ArrayBuffer>[];
  /** The RSA PKCS#1 v1.5 signature of SHA-256(`data`). */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** An A1 certificate's key, opened for this request only. */
export function a1Device(bundle: {
  privateKey: KeyObject;
  certificate: Uint8Array<ArrayBuffer>;
  chain: readonly Uint8Array<ArrayBuffer>[];
}): SignatureDevice {
  return {
    certificate: bundle.certificate,
    chain: bundle.chain,
    sign: (data) => Promise.resolve(new Uint8Array(sign('sha256', data, bundle.privateKey))),
  };
}

/**
 * One paper (a document or a receita) checked for signing: its PDF made with a device, then
 * saved as signed. A batch checks every paper before any is signed and saves only once all are.
 */
export interface PaperSigningPlan<Row> {
  id: string;
  signedPdf(signature: {
    device: SignatureDevice;
    signer: string;
    signedAt: Date;
  }): Promise<Uint8Array<ArrayBuffer>>;
  /** Saves the signed file over the version checked; 409 when it changed meanwhile. */
  save(
    pdf: Uint8Array<ArrayBuffer>,
    signature: { fingerprint: string; signedAt: Date },
  ): Promise<Row>;
}
