import { useEffect, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput';
import { validateForm, type DialogWidth, type FieldSpec, type FormValues } from './table-model';

interface FormDialogProps<Form extends FormValues> {
  readonly isOpen: boolean;
  readonly title: string;
  readonly width: DialogWidth;
  readonly fields: readonly FieldSpec<Form>[];
  readonly initial: Form;
  readonly editing: boolean;
  readonly saving: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (form: Form) => void;
}

/** Add/edit dialog: fields from specs, validated on submit, at one of the spec's widths. */
export function FormDialog<Form extends FormValues>(props: FormDialogProps<Form>) {
  const { isOpen, title, width, fields, initial, editing, saving, onClose, onSubmit } = props;
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(initial);
  const [problems, setProblems] = useState<Partial<Record<keyof Form, string>>>({});

  useEffect(() => {
    if (isOpen) {
      setForm(initial);
      setProblems({});
    }
  }, [isOpen, initial]);

  const set = (name: keyof Form & string, value: string): void =>
    setForm((current) => ({ ...current, [name]: value }));

  const shown = fields.filter((field) => !(editing && field.addOnly));

  const submit = (): void => {
    const found = validateForm(fields, form, editing);
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit(form);
  };

  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose} style={{ width }} canOutsideClickClose={false}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <DialogBody>
          <div className="of-form-grid">
            {shown.map((field) => {
              const problem = problems[field.name];
              return (
                <FormGroup
                  key={field.name}
                  label={t(field.labelKey)}
                  labelFor={`field-${field.name}`}
                  labelInfo={field.required ? '*' : undefined}
                  intent={problem ? 'danger' : 'none'}
                  helperText={problem ? t(problem, { max: field.maxLength }) : undefined}
                >
                  <FieldInput<Form>
                    field={field}
                    value={form[field.name] ?? ''}
                    invalid={Boolean(problem)}
                    disabled={editing && field.lockedOnEdit === true}
                    onChange={(next) => set(field.name, next)}
                  />
                </FormGroup>
              );
            })}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={saving} text={t('common.save')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
