import { useState } from 'react';
import { cargoImagePath } from '#shared/contracts/checks/cargo';
import { getApiBaseUrl } from '../../../api/base-url.ts';
import { useT } from '../../../i18n/i18n.ts';
import styles from './catalogue.module.css';

/**
 * The item's thumbnail, or 'No Image'. The worker keeps images it has seen (CacheFirst), so
 * they show offline; one never seen shows 'No Image' then too. The thumbnail serves the
 * detail dialog as well: it is the one the card already brought onto the device.
 */
export function ItemImage({ imageId, name }: { imageId: string | null; name: string }) {
  const t = useT();
  const [failed, setFailed] = useState<string | null>(null);
  if (imageId === null || failed === imageId) {
    return <span className={styles.noImage}>{t('ordering.catalogue.noImage')}</span>;
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
