// Shapes the push area's layers share.

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** ISO time of this subscribe. */
  now: string;
}

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The VAPID pair, base64url: the uncompressed P-256 point and the 32-byte private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}
