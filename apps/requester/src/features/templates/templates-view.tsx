import { errorMessageFor } from '@sieve/auth';
import { DOCUMENT_TYPE_LABELS } from '@sieve/contracts';
import { Badge, Banner, Button, Card, ConfirmDialog, EmptyState, Icon, Spinner } from '@sieve/ui';
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { deleteTemplate, TEMPLATE_KEYS, type Template, useTemplates } from './api';
import { draftFromTemplate, emptyTemplate, type TemplateDraft } from './template-draft';
import { TemplateEditor } from './template-editor';
import './templates.css';

type Opening =
  | { mode: 'new'; draft: TemplateDraft }
  | { mode: 'edit'; template: Template }
  | { mode: 'view'; template: Template };
type Editing = Opening & { key: number };

function describe(template: Template): string {
  const fields = template.fields.length;
  const items = template.fields.filter((f) => f.type === 'line_items').length;
  const checks = template.checks.length;
  return [
    DOCUMENT_TYPE_LABELS[template.document_type],
    `${fields} ${fields === 1 ? 'field' : 'fields'}${items ? ' with line items' : ''}`,
    checks ? `${checks} ${checks === 1 ? 'check' : 'checks'}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function TemplateItem({
  template,
  isCurrent,
  onOpen,
  onCopy,
  onDelete,
}: {
  template: Template;
  isCurrent: boolean;
  onOpen: () => void;
  onCopy: () => void;
  onDelete?: () => void;
}) {
  return (
    <li className="rq-tlist__item" aria-current={isCurrent ? 'true' : undefined}>
      <button type="button" className="rq-tlist__open" onClick={onOpen}>
        <span className="rq-tlist__name">
          {template.name} {template.builtin ? <Badge tone="neutral">Built-in</Badge> : null}
        </span>
        <span className="rq-tlist__meta sv-muted">{describe(template)}</span>
      </button>
      <div className="rq-tlist__actions">
        <button
          type="button"
          className="sv-icon-button"
          aria-label={`Copy ${template.name}`}
          title="Save a copy"
          onClick={onCopy}
        >
          <Icon name="copy" size={14} />
        </button>
        {onDelete ? (
          <button
            type="button"
            className="sv-icon-button"
            aria-label={`Delete ${template.name}`}
            title="Delete template"
            onClick={onDelete}
          >
            <Icon name="trash" size={14} />
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Templates (DESIGN §13): the built-in starting templates (read-only, copied to change) and the
 * requester's own, created, edited and deleted here, then picked on New Request.
 */
export default function TemplatesView() {
  const { data, error, isLoading } = useTemplates();
  const { mutate } = useSWRConfig();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const templates = data?.templates ?? [];
  const own = templates.filter((t) => !t.builtin);
  const builtins = templates.filter((t) => t.builtin);
  // Each opening starts a fresh editor, even of the template already open.
  const openings = useRef(0);
  const open = (next: Opening) => {
    openings.current += 1;
    setMessage(null);
    setEditing({ ...next, key: openings.current });
  };
  const copy = (template: Template) => open({ mode: 'new', draft: draftFromTemplate(template, true) });

  const remove = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await deleteTemplate(deleting.template_id);
      await mutate(TEMPLATE_KEYS.list);
      if (editing && 'template' in editing && editing.template.template_id === deleting.template_id)
        setEditing(null);
      setMessage({ tone: 'success', text: `Deleted ${deleting.name}.` });
    } catch (caught) {
      setMessage({ tone: 'error', text: errorMessageFor(caught, 'The template could not be deleted.') });
    } finally {
      setDeleting(null);
      setIsDeleting(false);
    }
  };

  const currentId = editing && 'template' in editing ? editing.template.template_id : null;

  return (
    <div className={editing ? 'rq-templates rq-templates--editing' : 'rq-templates'}>
      <Card as="section" className="rq-tlist" aria-labelledby="templates-title">
        <header className="rq-tlist__head">
          <h2 id="templates-title" className="rq-settings__title">
            Your templates
          </h2>
          <Button size="sm" variant="primary" onClick={() => open({ mode: 'new', draft: emptyTemplate() })}>
            <Icon name="plus" /> New template
          </Button>
        </header>
        {error ? (
          <Banner tone="error">{errorMessageFor(error, 'Your templates could not be loaded.')}</Banner>
        ) : null}
        {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
        {isLoading ? (
          <Spinner label="Loading templates" />
        ) : own.length === 0 ? (
          <EmptyState
            icon="columns"
            title="No templates yet"
            description="Define the fields of a kind of document once, then pick the template on New Request."
          />
        ) : (
          <ul className="rq-tlist__items" aria-label="Your templates">
            {own.map((template) => (
              <TemplateItem
                key={template.template_id}
                template={template}
                isCurrent={template.template_id === currentId}
                onOpen={() => open({ mode: 'edit', template })}
                onCopy={() => copy(template)}
                onDelete={() => setDeleting(template)}
              />
            ))}
          </ul>
        )}
        {builtins.length ? (
          <>
            <h3 className="rq-tlist__subtitle">Built-in templates</h3>
            <ul className="rq-tlist__items" aria-label="Built-in templates">
              {builtins.map((template) => (
                <TemplateItem
                  key={template.template_id}
                  template={template}
                  isCurrent={template.template_id === currentId}
                  onOpen={() => open({ mode: 'view', template })}
                  onCopy={() => copy(template)}
                />
              ))}
            </ul>
          </>
        ) : null}
      </Card>

      {editing ? (
        <TemplateEditor
          key={editing.key}
          initial={editing.mode === 'new' ? editing.draft : draftFromTemplate(editing.template)}
          templateId={editing.mode === 'edit' ? editing.template.template_id : null}
          isBuiltin={editing.mode === 'view'}
          onCancel={() => setEditing(null)}
          onCopy={editing.mode === 'view' ? () => copy(editing.template) : undefined}
          onSaved={(saved) => {
            void mutate(TEMPLATE_KEYS.list);
            setEditing(null);
            setMessage({ tone: 'success', text: `Saved ${saved.name}. Pick it on New Request.` });
          }}
        />
      ) : (
        <Card as="section" className="rq-teditor rq-teditor--empty" aria-label="Template editor">
          <EmptyState
            icon="columns"
            title="Choose a template or create one"
            description="A template names the fields to extract with their types (line items too) and the checks their values must pass."
            action={
              <Button variant="primary" onClick={() => open({ mode: 'new', draft: emptyTemplate() })}>
                <Icon name="plus" /> New template
              </Button>
            }
          />
        </Card>
      )}

      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.name ?? 'template'}?`}
        description="Requests already made with it keep their fields. This cannot be undone."
        confirmLabel="Delete template"
        tone="danger"
        isBusy={isDeleting}
        busyLabel="Deleting…"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
