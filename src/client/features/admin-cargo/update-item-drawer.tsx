// 'Update Item' (product-spec.md sections 5 and 7 "Cargo"): first the Item ID ('Enter Item ID
// to update' when blank), then the item's fields filled in from the inventory, and an optional
// new picture. Fields go as JSON (PUT /api/cargo/items/{id}), the picture as multipart
// (PUT …/{id}?image). The server's refusal shows inline; its success message on the page.
import { useId, useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { validateCargoItemId } from '#shared/rules/cargo';
import { message } from '#shared/i18n/messages';
import { useT } from '../../i18n/i18n.ts';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useFieldErrors, useFormSend } from '../../ui/form-state.ts';
import { TextField } from '../../ui/text-field.tsx';
import { AdminForm, CancelAndSubmit } from '../../ui/admin/admin-kit.tsx';
import { errorText } from '../../ui/admin/admin-errors.ts';
import { replaceImage, updateItem } from './cargo-api.ts';
import { formOfItem, itemFieldErrors, updatePayload, type ItemForm } from './item-form.ts';
import { ItemFields } from './item-fields.tsx';
import { SideDrawer } from './side-drawer.tsx';

export const ITEM_NOT_FOUND = message('rounds.cargo.edit.notFound');

interface UpdateItemDrawerProps {
  items: readonly CargoItem[];
  /** Opened from a row: that item, already chosen. */
  initial: CargoItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

interface Editing {
  id: number;
  form: ItemForm;
}

async function save(editing: Editing, image: File | null): Promise<string> {
  const saved = await updateItem(editing.id, updatePayload(editing.form));
  if (image === null) return saved.message;
  return (await replaceImage(editing.id, image)).message;
}

/** Mounted while open. */
export function UpdateItemDrawer({ items, initial, onClose, onSaved }: UpdateItemDrawerProps) {
  const t = useT();
  const formId = useId();
  const [itemId, setItemId] = useState(initial === null ? '' : String(initial.id));
  const [editing, setEditing] = useState<Editing | null>(() =>
    initial === null ? null : { id: initial.id, form: formOfItem(initial) },
  );
  const [image, setImage] = useState<File | null>(null);
  const { busy, error, setError, send } = useFormSend();
  // The form's own refusals, beside their fields; the server's stay under the form.
  const fieldErrors = useFieldErrors<'itemId' | 'maxPerOrder'>();

  const choose = () => {
    const invalid = validateCargoItemId(itemId);
    const item =
      invalid === null
        ? items.find((candidate) => String(candidate.id) === itemId.trim())
        : undefined;
    const problem = invalid ?? (item === undefined ? ITEM_NOT_FOUND : undefined);
    if (!fieldErrors.report(problem === undefined ? {} : { itemId: problem })) return;
    if (item !== undefined) setEditing({ id: item.id, form: formOfItem(item) });
  };
  const change = (form: ItemForm) => {
    if (editing === null) return;
    if (form.maxPerOrder !== editing.form.maxPerOrder) fieldErrors.clear('maxPerOrder');
    setEditing({ ...editing, form });
  };
  const submit = async () => {
    setError(null);
    if (editing === null || String(editing.id) !== itemId.trim()) return choose();
    if (!fieldErrors.report(itemFieldErrors(editing.form))) return;
    await send(
      async () => onSaved(await save(editing, image)),
      (failure) => errorText(failure, t('rounds.cargo.updateFailed')),
    );
  };
  return (
    <SideDrawer
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('rounds.cargo.update')}
      actions={
        <CancelAndSubmit formId={formId} busy={busy} onCancel={onClose}>
          {editing === null ? t('rounds.cargo.edit.load') : t('rounds.cargo.edit.submit')}
        </CancelAndSubmit>
      }
    >
      <AdminForm id={formId} onSubmit={submit}>
        <TextField
          label={t('rounds.cargo.edit.itemId')}
          inputMode="numeric"
          value={itemId}
          onChange={(value) => {
            setItemId(value);
            fieldErrors.clear('itemId');
            if (editing !== null && String(editing.id) !== value.trim()) setEditing(null);
          }}
          error={fieldErrors.errors.itemId}
        />
        {editing !== null && (
          <ItemFields
            form={editing.form}
            onChange={change}
            imageLabel={t('rounds.cargo.edit.replaceImage')}
            onImage={setImage}
            errors={fieldErrors.errors}
          />
        )}
        <ErrorMessage text={error} />
      </AdminForm>
    </SideDrawer>
  );
}
