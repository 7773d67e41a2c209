import {
  BUILTIN_TEMPLATES,
  type CheckSpec,
  type CreateTemplateBody,
  checkName,
  checkReferenceProblems,
  type FieldSpec,
  type Template,
  type UpdateTemplateBody,
} from '@sieve/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { templates, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthedUser } from '../../http/mount';

type TemplateRow = typeof templates.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toTemplate(row: TemplateRow): Template {
  return {
    template_id: row.id,
    name: row.name,
    document_type: row.documentType as Template['document_type'],
    fields: row.fields as FieldSpec[],
    checks: row.checks as CheckSpec[],
    learning: row.learning,
    builtin: false,
    requester_id: row.requesterId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

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

/** What a request asks for once its template and inline fields are put together (DESIGN §13). */
export interface TypedRequest {
  fields?: FieldSpec[];
  checks?: CheckSpec[];
}

/**
 * Inline fields and checks override the template's: one of the same name replaces it, a new one
 * is added after the template's.
 */
export function mergeTyped(template: TypedRequest, inline: TypedRequest): TypedRequest {
  const byName = <T>(list: T[], key: (t: T) => string, over: T[]) => {
    const replaced = new Map(over.map((o) => [key(o).toLowerCase(), o]));
    const kept = list.map((t) => replaced.get(key(t).toLowerCase()) ?? t);
    const seen = new Set(list.map((t) => key(t).toLowerCase()));
    return [...kept, ...over.filter((o) => !seen.has(key(o).toLowerCase()))];
  };
  return {
    fields: byName(template.fields ?? [], (f) => f.name, inline.fields ?? []),
    checks: byName(template.checks ?? [], checkName, inline.checks ?? []),
  };
}

export function createTemplatesService(deps: { db: Db }) {
  const { db } = deps;

  /** The requester whose templates the caller manages: themselves, or (admins) the one they name. */
  async function ownerFor(caller: AuthedUser, requesterId: string | undefined): Promise<string> {
    if (caller.userType !== 'admin') {
      if (requesterId && requesterId !== caller.id) throw new AppError('FORBIDDEN');
      return caller.id;
    }
    if (!requesterId) {
      throw new AppError('INVALID_INPUT', 'Name the requester the template belongs to.', {
        requester_id: 'Required for admins',
      });
    }
    const owner = await db.query.users.findFirst({
      where: and(eq(users.id, requesterId), eq(users.userType, 'requester'), isNull(users.deletedAt)),
    });
    if (!owner) {
      throw new AppError('INVALID_INPUT', 'No requester has this id.', { requester_id: 'Unknown requester' });
    }
    return owner.id;
  }

  /** A saved template the caller may see: a requester's own; any for admins (or the named requester's). */
  async function savedRow(caller: AuthedUser, id: string, requesterId?: string): Promise<TemplateRow> {
    if (!UUID.test(id)) throw new AppError('TEMPLATE_NOT_FOUND');
    const row = await db.query.templates.findFirst({
      where: and(eq(templates.id, id), isNull(templates.deletedAt)),
    });
    const owner = caller.userType === 'admin' ? (requesterId ?? row?.requesterId) : caller.id;
    if (!row || row.requesterId !== owner) throw new AppError('TEMPLATE_NOT_FOUND');
    return row;
  }

  function builtin(id: string): Template | undefined {
    return builtins.find((t) => t.template_id === id);
  }

  function refuseBuiltin(id: string) {
    if (builtin(id)) throw new AppError('TEMPLATE_READ_ONLY');
  }

  return {
    async list(caller: AuthedUser, requesterId?: string): Promise<{ templates: Template[] }> {
      const where =
        caller.userType === 'admin'
          ? requesterId
            ? and(eq(templates.requesterId, requesterId), isNull(templates.deletedAt))
            : isNull(templates.deletedAt)
          : and(eq(templates.requesterId, await ownerFor(caller, requesterId)), isNull(templates.deletedAt));
      const rows = await db.select().from(templates).where(where).orderBy(asc(templates.createdAt));
      return { templates: [...builtins, ...rows.map(toTemplate)] };
    },

    async get(caller: AuthedUser, id: string, requesterId?: string): Promise<Template> {
      return builtin(id) ?? toTemplate(await savedRow(caller, id, requesterId));
    },

    async create(caller: AuthedUser, body: CreateTemplateBody): Promise<Template> {
      const ownerId = await ownerFor(caller, body.requester_id);
      const [row] = await db
        .insert(templates)
        .values({
          requesterId: ownerId,
          name: body.name,
          documentType: body.document_type,
          fields: body.fields,
          checks: body.checks,
          learning: body.learning,
        })
        .returning();
      if (!row) throw new AppError('INTERNAL_SERVER_ERROR');
      return toTemplate(row);
    },

    async update(caller: AuthedUser, id: string, body: UpdateTemplateBody, requesterId?: string) {
      refuseBuiltin(id);
      const row = await savedRow(caller, id, requesterId);
      const [updated] = await db
        .update(templates)
        .set({
          name: body.name,
          documentType: body.document_type,
          fields: body.fields,
          checks: body.checks,
          learning: body.learning,
          updatedAt: new Date(),
        })
        .where(eq(templates.id, row.id))
        .returning();
      if (!updated) throw new AppError('TEMPLATE_NOT_FOUND');
      return toTemplate(updated);
    },

    async remove(caller: AuthedUser, id: string, requesterId?: string): Promise<void> {
      refuseBuiltin(id);
      const row = await savedRow(caller, id, requesterId);
      await db.update(templates).set({ deletedAt: new Date() }).where(eq(templates.id, row.id));
    },

    /**
     * A request's metadata with its template put in (DESIGN §13): `fields` and `checks` as the
     * extraction uses them, inline ones overriding the template's; `template_id` stays to say
     * where they came from. Checks must then name fields the request has.
     */
    async resolve(requesterId: string, metadata: Record<string, unknown>): Promise<Record<string, unknown>> {
      const inline: TypedRequest = {
        ...(Array.isArray(metadata.fields) ? { fields: metadata.fields as FieldSpec[] } : {}),
        ...(Array.isArray(metadata.checks) ? { checks: metadata.checks as CheckSpec[] } : {}),
      };
      const templateId = typeof metadata.template_id === 'string' ? metadata.template_id : undefined;
      if (!templateId) return metadata;
      const owner: AuthedUser = { id: requesterId, userType: 'requester', email: '', isApproved: true };
      const template =
        builtin(templateId) ??
        toTemplate(
          await savedRow(owner, templateId).catch(() => {
            throw new AppError('INVALID_INPUT', 'The template could not be found.', {
              'metadata.template_id': 'No such template',
            });
          }),
        );
      const merged = mergeTyped(template, inline);
      const dataPoints = Array.isArray(metadata.data_points) ? (metadata.data_points as string[]) : [];
      const problems = checkReferenceProblems(merged.fields ?? [], dataPoints, merged.checks ?? []);
      if (problems.length) {
        throw new AppError(
          'INVALID_INPUT',
          problems[0]?.message,
          Object.fromEntries(problems.map((p) => [`metadata.checks.${p.path.join('.')}`, p.message])),
        );
      }
      return {
        ...metadata,
        fields: merged.fields,
        checks: merged.checks,
        // DESIGN §14: a template that does not learn keeps its requests from learning.
        ...(template.learning ? {} : { learning: false }),
      };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
