import { FIELD_TYPE_LABELS, FIELD_TYPES, SCALAR_FIELD_TYPES } from '@sieve/contracts';
import { Button, Checkbox, Icon, SelectField, TextAreaField, TextField } from '@sieve/ui';
import { useState } from 'react';
import {
  type ColumnDraft,
  emptyColumn,
  emptyField,
  errorUnder,
  type FieldDraft,
  RULES_OF,
  type TemplateErrors,
} from './template-draft';

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));
const SCALAR_OPTIONS = SCALAR_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));

const TYPE_HINTS: Record<FieldDraft['type'], string> = {
  number: 'A plain number.',
  money: 'An amount, with its currency.',
  percent: 'A decimal: 45% is 0.45.',
  date: 'Written YYYYMMDD.',
  text: 'Words, kept as printed.',
  identifier: 'Kept exactly: leading zeros, letters, dashes.',
  boolean: 'Yes or no.',
  line_items: 'A list of rows with typed columns.',
};

function ColumnsEditor({
  field,
  path,
  errors,
  onChange,
}: {
  field: FieldDraft;
  path: string;
  errors: TemplateErrors;
  onChange: (columns: ColumnDraft[]) => void;
}) {
  const label = field.name.trim() || 'these line items';
  const set = (key: string, patch: Partial<ColumnDraft>) =>
    onChange(field.columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  return (
    <fieldset className="rq-tcolumns">
      <legend className="rq-tcolumns__legend">Columns of {label}</legend>
      {errors[`${path}.columns`] ? <p className="sv-field__error">{errors[`${path}.columns`]}</p> : null}
      <ol className="rq-tcolumns__list">
        {field.columns.map((column, index) => (
          <li key={column.key} className="rq-tcolumns__row">
            <TextField
              label={`Column ${index + 1} name`}
              value={column.name}
              placeholder="e.g. amount"
              error={errorUnder(errors, `${path}.columns.${index}.name`)}
              onChange={(e) => set(column.key, { name: e.target.value })}
            />
            <SelectField
              label={`Column ${index + 1} type`}
              options={SCALAR_OPTIONS}
              value={column.type}
              onChange={(e) => set(column.key, { type: e.target.value as ColumnDraft['type'] })}
            />
            <div className="rq-tfield__flag">
              <Checkbox
                label="Required"
                checked={column.required}
                onChange={(e) => set(column.key, { required: e.target.checked })}
              />
            </div>
            <button
              type="button"
              className="sv-icon-button rq-tfield__remove"
              aria-label={`Remove column ${column.name || index + 1}`}
              title="Remove column"
              disabled={field.columns.length === 1}
              onClick={() => onChange(field.columns.filter((c) => c.key !== column.key))}
            >
              <Icon name="trash" size={14} />
            </button>
          </li>
        ))}
      </ol>
      <div>
        <Button size="sm" variant="ghost" onClick={() => onChange([...field.columns, emptyColumn()])}>
          <Icon name="plus" /> Add column
        </Button>
      </div>
    </fieldset>
  );
}

function FieldRules({
  field,
  path,
  errors,
  set,
}: {
  field: FieldDraft;
  path: string;
  errors: TemplateErrors;
  set: (patch: Partial<FieldDraft>) => void;
}) {
  const rules = RULES_OF[field.type];
  return (
    <div className="rq-tfield__rules">
      <TextAreaField
        label="Description"
        rows={2}
        hint="What the field holds, in words the extractor reads."
        value={field.description}
        error={errors[`${path}.description`]}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div className="rq-tfield__grid">
        {rules.includes('pattern') ? (
          <TextField
            label="Pattern"
            placeholder="e.g. ^INV-\d+$"
            hint="A regular expression the answer must match."
            value={field.pattern}
            error={errors[`${path}.pattern`]}
            onChange={(e) => set({ pattern: e.target.value })}
          />
        ) : null}
        {rules.includes('bounds') ? (
          <>
            <TextField
              label="Minimum"
              inputMode="decimal"
              value={field.min}
              error={errors[`${path}.min`]}
              onChange={(e) => set({ min: e.target.value })}
            />
            <TextField
              label="Maximum"
              inputMode="decimal"
              value={field.max}
              error={errors[`${path}.max`]}
              onChange={(e) => set({ max: e.target.value })}
            />
          </>
        ) : null}
        {rules.includes('currency') ? (
          <TextField
            label="Currency"
            placeholder="USD"
            maxLength={3}
            hint="Assumed when the document shows none."
            value={field.currency}
            error={errors[`${path}.currency`]}
            onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
          />
        ) : null}
      </div>
      {rules.includes('values') ? (
        <TextAreaField
          label="Allowed values"
          rows={2}
          hint="One a line; leave empty to allow any."
          value={field.values}
          error={errorUnder(errors, `${path}.values`)}
          onChange={(e) => set({ values: e.target.value })}
        />
      ) : null}
    </div>
  );
}

function FieldRow({
  field,
  index,
  errors,
  onChange,
  onRemove,
  canRemove,
}: {
  field: FieldDraft;
  index: number;
  errors: TemplateErrors;
  onChange: (field: FieldDraft) => void;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const path = `fields.${index}`;
  const hasRuleError = ['description', 'pattern', 'min', 'max', 'values', 'currency'].some((rule) =>
    errorUnder(errors, `${path}.${rule}`),
  );
  const [isOpen, setIsOpen] = useState(false);
  const showsRules = isOpen || hasRuleError;
  const set = (patch: Partial<FieldDraft>) => onChange({ ...field, ...patch });
  const name = field.name.trim() || `field ${index + 1}`;
  const ruleCount = [
    field.description,
    field.pattern,
    field.min,
    field.max,
    field.values,
    field.currency,
  ].filter((v) => v.trim() !== '').length;
  return (
    <li className="rq-tfield" data-type={field.type}>
      <fieldset className="rq-tfield__set">
        <legend className="sv-visually-hidden">Field {index + 1}</legend>
        <div className="rq-tfield__main">
          <TextField
            label="Field name"
            value={field.name}
            placeholder="e.g. invoice_number"
            error={errors[`${path}.name`] ?? errors[path]}
            onChange={(e) => set({ name: e.target.value })}
          />
          <SelectField
            label="Type"
            options={TYPE_OPTIONS}
            value={field.type}
            hint={TYPE_HINTS[field.type]}
            onChange={(e) => {
              const type = e.target.value as FieldDraft['type'];
              const columns =
                type === 'line_items' && field.columns.length === 0
                  ? emptyField('', type).columns
                  : field.columns;
              set({ type, columns });
            }}
          />
          <div className="rq-tfield__flag">
            <Checkbox
              label="Required"
              checked={field.required}
              onChange={(e) => set({ required: e.target.checked })}
            />
          </div>
          <div className="rq-tfield__actions">
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={showsRules}
              onClick={() => setIsOpen((open) => !open)}
              aria-label={`Rules of ${name}`}
            >
              <Icon name={showsRules ? 'chevron-down' : 'chevron-right'} />
              Rules{ruleCount ? ` (${ruleCount})` : ''}
            </Button>
            <button
              type="button"
              className="sv-icon-button rq-tfield__remove"
              aria-label={`Remove field ${name}`}
              title="Remove field"
              disabled={!canRemove}
              onClick={onRemove}
            >
              <Icon name="trash" size={14} />
            </button>
          </div>
        </div>
        {showsRules ? <FieldRules field={field} path={path} errors={errors} set={set} /> : null}
        {field.type === 'line_items' ? (
          <ColumnsEditor field={field} path={path} errors={errors} onChange={(columns) => set({ columns })} />
        ) : null}
      </fieldset>
    </li>
  );
}

/** The template's typed fields (DESIGN §13): name, type, required, rules, and a line-items field's columns. */
export function TemplateFieldsEditor({
  fields,
  errors,
  onChange,
}: {
  fields: FieldDraft[];
  errors: TemplateErrors;
  onChange: (fields: FieldDraft[]) => void;
}) {
  return (
    <section className="rq-tsection" aria-labelledby="template-fields-title">
      <header className="rq-tsection__head">
        <h3 id="template-fields-title" className="rq-tsection__title">
          Fields
        </h3>
        <span className="sv-muted">{fields.length === 1 ? '1 field' : `${fields.length} fields`}</span>
      </header>
      {errors.fields ? <p className="sv-field__error">{errors.fields}</p> : null}
      <ol className="rq-tfields">
        {fields.map((field, index) => (
          <FieldRow
            key={field.key}
            field={field}
            index={index}
            errors={errors}
            canRemove={fields.length > 1}
            onChange={(next) => onChange(fields.map((f) => (f.key === field.key ? next : f)))}
            onRemove={() => onChange(fields.filter((f) => f.key !== field.key))}
          />
        ))}
      </ol>
      <div className="rq-tsection__add">
        <Button size="sm" onClick={() => onChange([...fields, emptyField()])}>
          <Icon name="plus" /> Add field
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange([...fields, emptyField('line_items', 'line_items')])}
        >
          <Icon name="list" /> Add line items
        </Button>
      </div>
    </section>
  );
}
