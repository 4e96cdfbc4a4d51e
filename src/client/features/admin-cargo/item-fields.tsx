// The fields of both item drawers: name, description, category, the total (or per-size
// quantities), the max per order and the image file.
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { totalOf, type ItemForm } from './item-form.ts';
import { SizeRows } from './size-rows.tsx';
import styles from './cargo-admin.module.css';

interface ItemFieldsProps {
  form: ItemForm;
  onChange: (form: ItemForm) => void;
  imageLabel: string;
  onImage: (file: File | null) => void;
}

type ItemFieldSpec = FieldSpec<'name' | 'description' | 'category' | 'quantity' | 'maxPerOrder'>;

const { name, description, category } = CARGO_LIMITS;
const ABOUT_FIELDS: readonly ItemFieldSpec[] = [
  { name: 'name', label: 'Name', maxLength: name },
  { name: 'description', label: 'Description', rows: 3, optional: true, maxLength: description },
  { name: 'category', label: 'Category', optional: true, maxLength: category },
];
/** Asked only for an item without sizes: with sizes the total is their sum. */
const QUANTITY_FIELDS: readonly ItemFieldSpec[] = [
  { name: 'quantity', label: 'Quantity', inputMode: 'numeric' },
];
const MAX_PER_ORDER_HINT = 'The most one order may ask for, all sizes together.';
const LIMIT_FIELDS: readonly ItemFieldSpec[] = [
  { name: 'maxPerOrder', label: 'Max per order', inputMode: 'numeric', hint: MAX_PER_ORDER_HINT },
];

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
  const set = (field: ItemFieldSpec['name'], value: string) =>
    onChange({ ...form, [field]: value });
  const hasSizes = form.sizes.length > 0;
  const total = totalOf(form);
  return (
    <>
      <FormFields fields={ABOUT_FIELDS} values={form} onChange={set} />
      {hasSizes ? (
        <p className={styles.total}>Total quantity (sum of the sizes): {total ?? '—'}</p>
      ) : (
        <FormFields fields={QUANTITY_FIELDS} values={form} onChange={set} />
      )}
      <SizeRows rows={form.sizes} onChange={(sizes) => onChange({ ...form, sizes })} />
      <FormFields fields={LIMIT_FIELDS} values={form} onChange={set} />
      <ImageInput label={imageLabel} onImage={onImage} />
    </>
  );
}
