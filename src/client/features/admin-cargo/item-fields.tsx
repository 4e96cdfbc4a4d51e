// The fields of both item drawers: name, description, category, the total (or per-size
// quantities), the max per order and the image file.
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { totalOf, type ItemForm } from './item-form.ts';
import { SizeRows } from './size-rows.tsx';
import styles from './cargo-admin.module.css';

interface ItemFieldsProps {
  form: ItemForm;
  onChange: (form: ItemForm) => void;
  imageLabel: string;
  onImage: (file: File | null) => void;
}

function ImageInput({ label, onImage }: { label: string; onImage: (file: File | null) => void }) {
  return (
    <LabelledField label={label} optional>
      {(id) => (
        <input
          id={id}
          type="file"
          accept="image/*"
          onChange={(event) => onImage(event.target.files?.[0] ?? null)}
        />
      )}
    </LabelledField>
  );
}

export function ItemFields({ form, onChange, imageLabel, onImage }: ItemFieldsProps) {
  const set =
    (name: 'name' | 'description' | 'category' | 'quantity' | 'maxPerOrder') => (value: string) =>
      onChange({ ...form, [name]: value });
  const hasSizes = form.sizes.length > 0;
  const total = totalOf(form);
  return (
    <>
      <TextField
        label="Name"
        value={form.name}
        onChange={set('name')}
        maxLength={CARGO_LIMITS.name}
      />
      <TextAreaField
        label="Description"
        optional
        value={form.description}
        onChange={set('description')}
        maxLength={CARGO_LIMITS.description}
      />
      <TextField
        label="Category"
        optional
        value={form.category}
        onChange={set('category')}
        maxLength={CARGO_LIMITS.category}
      />
      {hasSizes ? (
        <p className={styles.total}>Total quantity (sum of the sizes): {total ?? '—'}</p>
      ) : (
        <TextField
          label="Quantity"
          inputMode="numeric"
          value={form.quantity}
          onChange={set('quantity')}
        />
      )}
      <SizeRows rows={form.sizes} onChange={(sizes) => onChange({ ...form, sizes })} />
      <TextField
        label="Max per order"
        inputMode="numeric"
        value={form.maxPerOrder}
        onChange={set('maxPerOrder')}
        hint="The most one order may ask for, all sizes together."
      />
      <ImageInput label={imageLabel} onImage={onImage} />
    </>
  );
}
