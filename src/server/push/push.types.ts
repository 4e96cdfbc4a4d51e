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

/** A notification's delivery to one subscription (a push_deliveries row). */
export interface DeliveryKey {
  notificationId: number;
  subscriptionId: number;
}

/**
 * Where a delivery stands for a sender: its own to send, done before, held by another, or its
 * subscription deleted since it was read.
 */
export type DeliveryClaim = 'claimed' | 'sent' | 'failed' | 'busy' | 'gone';

/** A pass's deliveries by what became of them, to record in one transaction. */
export interface DeliveriesDone {
  sent: DeliveryKey[];
  failed: DeliveryKey[];
  /** Transient failures: the claim goes, so the retry sends again. */
  released: DeliveryKey[];
  /** Subscriptions the push service no longer knows (404/410). */
  gone: number[];
}

/** The VAPID pair, base64url: the uncompressed P-256 point and the 32-byte private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}
