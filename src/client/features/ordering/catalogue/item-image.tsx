import { useState } from 'react';
import { cargoImagePath } from '#shared/contracts/cargo';
import { getApiBaseUrl } from '../../../api/base-url.ts';
import styles from './catalogue.module.css';

export const NO_IMAGE = 'No Image';

/**
 * The item's thumbnail, or 'No Image'. The worker keeps images it has seen (CacheFirst), so
 * they show offline; one never seen shows 'No Image' then too. The thumbnail serves the
 * detail dialog as well: it is the one the card already brought onto the device.
 */
export function ItemImage({ imageId, name }: { imageId: string | null; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (imageId === null || failed === imageId) {
    return <span className={styles.noImage}>{NO_IMAGE}</span>;
  }
  return (
    <img
      className={styles.image}
      src={getApiBaseUrl() + cargoImagePath(imageId, 'thumb')}
      alt={name}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(imageId)}
    />
  );
}
