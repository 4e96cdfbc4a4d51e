// The fields of both item drawers: name, description, category, the total (or per-size
// quantities), the max per order and the image file.
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { useT, type Saying, type Translate } from '../../i18n/i18n.ts';
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
  /** The form's own refusals, each beside its field. */
  errors?: Partial<Record<'maxPerOrder', Saying>>;
}

type ItemFieldSpec = FieldSpec<'name' | 'description' | 'category' | 'quantity' | 'maxPerOrder'>;

// Labels in the current language, so the lists are made at render.
const { name, description, category } = CARGO_LIMITS;
const aboutFields = (t: Translate): readonly ItemFieldSpec[] => [
  { name: 'name', label: t('rounds.cargo.field.name'), maxLength: name },
  {
    name: 'description',
    label: t('rounds.cargo.field.description'),
    rows: 3,
    optional: true,
    maxLength: description,
  },
  {
    name: 'category',
    label: t('rounds.cargo.field.category'),
    optional: true,
    maxLength: category,
  },
];
/** Asked only for an item without sizes: with sizes the total is their sum. */
const quantityFields = (t: Translate): readonly ItemFieldSpec[] => [
  { name: 'quantity', label: t('rounds.cargo.field.quantity'), inputMode: 'numeric' },
];
const limitFields = (t: Translate): readonly ItemFieldSpec[] => [
  {
    name: 'maxPerOrder',
    label: t('rounds.cargo.field.maxPerOrder'),
    inputMode: 'numeric',
    hint: t('rounds.cargo.field.maxPerOrderHint'),
  },
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

export function ItemFields({ form, onChange, imageLabel, onImage, errors }: ItemFieldsProps) {
  const t = useT();
  const set = (field: ItemFieldSpec['name'], value: string) =>
    onChange({ ...form, [field]: value });
  const hasSizes = form.sizes.length > 0;
  const total = totalOf(form);
  return (
    <>
      <FormFields fields={aboutFields(t)} values={form} onChange={set} />
      {hasSizes ? (
        <p className={styles.total}>{t('rounds.cargo.field.total', { total: total ?? '—' })}</p>
      ) : (
        <FormFields fields={quantityFields(t)} values={form} onChange={set} />
      )}
      <SizeRows rows={form.sizes} onChange={(sizes) => onChange({ ...form, sizes })} />
      <FormFields fields={limitFields(t)} values={form} onChange={set} errors={errors} />
      <ImageInput label={imageLabel} onImage={onImage} />
    </>
  );
}
