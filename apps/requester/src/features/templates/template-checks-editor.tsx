import { CHECK_KINDS, type CheckKind } from '@sieve/contracts';
import { Button, Checkbox, Icon, SelectField, TextField } from '@sieve/ui';
import { type CheckDraft, emptyCheck, errorUnder, type TemplateErrors } from './template-draft';

const KIND_LABELS: Record<CheckKind, string> = {
  sum: 'Sum: these add up to a field',
  equal: 'Equal: two sides add up the same',
  before: 'Date order: one date is not after another',
};
const KIND_OPTIONS = CHECK_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

/** What the check says, in the words its result will use ("line_items.amount = subtotal"). */
function summary(check: CheckDraft): string {
  const side = (refs: string[]) => (refs.length ? refs.join(' + ') : '…');
  if (check.kind === 'sum') return `${side(check.of)} = ${check.equals || '…'}`;
  if (check.kind === 'equal') return `${side(check.left)} = ${side(check.right)}`;
  return `${check.first || '…'} ≤ ${check.second || '…'}`;
}

/** Options for a reference: those that exist, plus one the check still names after a rename. */
function withCurrent(refs: readonly string[], current: readonly string[]): string[] {
  return [...new Set([...refs, ...current.filter(Boolean)])];
}

function RefChoices({
  legend,
  refs,
  chosen,
  onChange,
}: {
  legend: string;
  refs: readonly string[];
  chosen: string[];
  onChange: (refs: string[]) => void;
}) {
  const options = withCurrent(refs, chosen);
  return (
    <fieldset className="rq-tcheck__refs">
      <legend className="sv-field__label">{legend}</legend>
      {options.length === 0 ? (
        <p className="sv-field__hint">Add a number, money or percent field (or a line-items column) first.</p>
      ) : (
        options.map((ref) => (
          <Checkbox
            key={ref}
            label={<code>{ref}</code>}
            checked={chosen.includes(ref)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, ref] : chosen.filter((existing) => existing !== ref))
            }
          />
        ))
      )}
    </fieldset>
  );
}

function refOptions(refs: readonly string[], current: string) {
  return [
    { value: '', label: 'Choose a field' },
    ...withCurrent(refs, [current]).map((ref) => ({ value: ref, label: ref })),
  ];
}

function CheckRow({
  check,
  index,
  numbers,
  dates,
  errors,
  onChange,
  onRemove,
}: {
  check: CheckDraft;
  index: number;
  numbers: readonly string[];
  dates: readonly string[];
  errors: TemplateErrors;
  onChange: (check: CheckDraft) => void;
  onRemove: () => void;
}) {
  const path = `checks.${index}`;
  const set = (patch: Partial<CheckDraft>) => onChange({ ...check, ...patch });
  const problem = errors[path] ?? errorUnder(errors, path);
  const tolerance = (
    <TextField
      label="Tolerance"
      inputMode="decimal"
      placeholder="0.01"
      hint="An absolute amount; 0.01 when empty."
      value={check.tolerance}
      error={errors[`${path}.tolerance`]}
      onChange={(e) => set({ tolerance: e.target.value })}
    />
  );
  return (
    <li className="rq-tcheck">
      <fieldset className="rq-tfield__set">
        <legend className="sv-visually-hidden">Check {index + 1}</legend>
        <div className="rq-tcheck__head">
          <SelectField
            label="Kind"
            options={KIND_OPTIONS}
            value={check.kind}
            onChange={(e) => set({ kind: e.target.value as CheckKind })}
          />
          <TextField
            label="Check name"
            placeholder={summary(check)}
            hint="Shown to reviewers when the check fails."
            value={check.name}
            error={errors[`${path}.name`]}
            onChange={(e) => set({ name: e.target.value })}
          />
          <button
            type="button"
            className="sv-icon-button rq-tfield__remove"
            aria-label={`Remove check ${check.name || summary(check)}`}
            title="Remove check"
            onClick={onRemove}
          >
            <Icon name="trash" size={14} />
          </button>
        </div>
        {check.kind === 'sum' ? (
          <div className="rq-tcheck__body">
            <RefChoices legend="Add up" refs={numbers} chosen={check.of} onChange={(of) => set({ of })} />
            <div className="rq-tcheck__side">
              <SelectField
                label="Must equal"
                options={refOptions(numbers, check.equals)}
                value={check.equals}
                onChange={(e) => set({ equals: e.target.value })}
              />
              {tolerance}
            </div>
          </div>
        ) : check.kind === 'equal' ? (
          <div className="rq-tcheck__body">
            <RefChoices
              legend="Left side"
              refs={numbers}
              chosen={check.left}
              onChange={(left) => set({ left })}
            />
            <RefChoices
              legend="Right side"
              refs={numbers}
              chosen={check.right}
              onChange={(right) => set({ right })}
            />
            <div className="rq-tcheck__side">{tolerance}</div>
          </div>
        ) : (
          <div className="rq-tcheck__body">
            <SelectField
              label="Earlier date"
              options={refOptions(dates, check.first)}
              value={check.first}
              hint={dates.length ? undefined : 'Add a date field first.'}
              onChange={(e) => set({ first: e.target.value })}
            />
            <SelectField
              label="Later date"
              options={refOptions(dates, check.second)}
              value={check.second}
              onChange={(e) => set({ second: e.target.value })}
            />
          </div>
        )}
        <p className="rq-tcheck__summary">
          <span className="sv-muted">Checks</span> <code>{summary(check)}</code>
        </p>
        {problem ? <p className="sv-field__error">{problem}</p> : null}
      </fieldset>
    </li>
  );
}

/**
 * Checks across the template's fields (DESIGN §13): sums (line amounts = subtotal), equalities
 * within a tolerance, and date order. A failed check sends the document to review with its words.
 */
export function TemplateChecksEditor({
  checks,
  numbers,
  dates,
  errors,
  onChange,
}: {
  checks: CheckDraft[];
  numbers: readonly string[];
  dates: readonly string[];
  errors: TemplateErrors;
  onChange: (checks: CheckDraft[]) => void;
}) {
  return (
    <section className="rq-tsection" aria-labelledby="template-checks-title">
      <header className="rq-tsection__head">
        <h3 id="template-checks-title" className="rq-tsection__title">
          Checks
        </h3>
        <span className="sv-muted">A failed check sends the document to a reviewer with its words.</span>
      </header>
      {checks.length === 0 ? <p className="sv-muted rq-tsection__empty">No checks yet.</p> : null}
      <ol className="rq-tfields">
        {checks.map((check, index) => (
          <CheckRow
            key={check.key}
            check={check}
            index={index}
            numbers={numbers}
            dates={dates}
            errors={errors}
            onChange={(next) => onChange(checks.map((c) => (c.key === check.key ? next : c)))}
            onRemove={() => onChange(checks.filter((c) => c.key !== check.key))}
          />
        ))}
      </ol>
      <div className="rq-tsection__add">
        <Button size="sm" onClick={() => onChange([...checks, emptyCheck()])}>
          <Icon name="plus" /> Add check
        </Button>
      </div>
    </section>
  );
}
