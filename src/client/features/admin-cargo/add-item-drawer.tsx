// 'Add New Item' (product-spec.md section 7 "Cargo": POST /api/cargo/items, multipart 'data' +
// optional 'image'). The server's refusal shows inline; its success message on the page.
import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useFieldErrors, useFormSend } from '../../ui/form-state.ts';
import { AdminForm, CancelAndSubmit } from '../../ui/admin/admin-kit.tsx';
import { errorText } from '../../ui/admin/admin-errors.ts';
import { createItem } from './cargo-api.ts';
import { createPayload, EMPTY_ITEM_FORM, itemFieldErrors, type ItemForm } from './item-form.ts';
import { ItemFields } from './item-fields.tsx';
import { SideDrawer } from './side-drawer.tsx';

interface AddItemDrawerProps {
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Mounted while open, so every opening starts from an empty form. */
export function AddItemDrawer({ onClose, onSaved }: AddItemDrawerProps) {
  const t = useT();
  const formId = useId();
  const [form, setForm] = useState<ItemForm>(EMPTY_ITEM_FORM);
  const [image, setImage] = useState<File | null>(null);
  const { busy, error, setError, send } = useFormSend();
  const fieldErrors = useFieldErrors<'maxPerOrder'>();
  const change = (next: ItemForm) => {
    if (next.maxPerOrder !== form.maxPerOrder) fieldErrors.clear('maxPerOrder');
    setForm(next);
  };
  const submit = async () => {
    // The form's own refusals beside their fields; the server's under the form.
    setError(null);
    if (!fieldErrors.report(itemFieldErrors(form))) return;
    await send(
      async () => onSaved((await createItem(createPayload(form), image)).message),
      (failure) => errorText(failure, t('rounds.cargo.addFailed')),
    );
  };
  return (
    <SideDrawer
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('rounds.cargo.addNew')}
      actions={
        <CancelAndSubmit formId={formId} busy={busy} onCancel={onClose}>
          {t('rounds.cargo.add.submit')}
        </CancelAndSubmit>
      }
    >
      <AdminForm id={formId} onSubmit={submit}>
        <ItemFields
          form={form}
          onChange={change}
          imageLabel={t('rounds.cargo.add.image')}
          onImage={setImage}
          errors={fieldErrors.errors}
        />
        <ErrorMessage text={error} />
      </AdminForm>
    </SideDrawer>
  );
}
