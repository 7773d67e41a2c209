import { BUILTIN_TEMPLATES } from '@sieve/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderWithApi, signIn } from '../testing/mock-api';
import type { Template } from './api';
import TemplatesView from './templates-view';

beforeEach(() => {
  signIn();
});

const builtins: Template[] = BUILTIN_TEMPLATES.map((t) => ({
  template_id: t.id,
  name: t.name,
  document_type: t.document_type,
  fields: t.fields,
  checks: t.checks,
  learning: true,
  builtin: true,
  requester_id: null,
  created_at: null,
  updated_at: null,
}));

describe('TemplatesView (DESIGN §13)', () => {
  it('shows a built-in read-only and saves a copy of it as the requester’s own', async () => {
    const own: Template[] = [];
    let sent: Record<string, unknown> | undefined;
    mockApi({
      'GET /api/v1/templates': () => json({ templates: [...builtins, ...own] }),
      'POST /api/v1/templates': ({ body }) => {
        sent = body as Record<string, unknown>;
        const saved = {
          ...(builtins[0] as Template),
          ...sent,
          template_id: 'a1',
          builtin: false,
        } as Template;
        own.push(saved);
        return json(saved, 201);
      },
    });
    renderWithApi(<TemplatesView />);
    const list = await screen.findByRole('list', { name: 'Built-in templates' });
    fireEvent.click(within(list).getByRole('button', { name: /^Invoice Built-in/ }));
    const shown = screen.getByRole('form', { name: 'Invoice' });
    // Disabled through its fieldset: a built-in cannot be edited.
    expect(within(shown).getByLabelText('Template name').closest('fieldset')?.disabled).toBe(true);
    expect(within(shown).getByRole('group', { name: 'Columns of line_items' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save a copy' }));
    const copy = screen.getByRole('form', { name: 'New template' });
    expect((within(copy).getByLabelText('Template name') as HTMLInputElement).value).toBe('Invoice (copy)');
    fireEvent.click(within(copy).getByRole('button', { name: 'Save template' }));
    await screen.findByText('Saved Invoice (copy). Pick it on New Request.');
    expect(sent).toMatchObject({ name: 'Invoice (copy)', document_type: 'pdf', fields: builtins[0]?.fields });
    expect(await screen.findByRole('list', { name: 'Your templates' })).toBeTruthy();
  });

  it('names what is missing before anything is sent', async () => {
    const fetchMock = mockApi({ 'GET /api/v1/templates': () => json({ templates: builtins }) });
    renderWithApi(<TemplatesView />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'New template' }))[0] as HTMLElement);
    const form = screen.getByRole('form', { name: 'New template' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(within(form).getByText('Name the template')).toBeTruthy();
    expect(within(form).getByText('Name the field')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]),
    );
  });
});
