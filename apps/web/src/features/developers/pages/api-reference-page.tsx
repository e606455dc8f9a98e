import { useMemo, useState } from 'react';
import { Link } from '../../../components/ui/link';
import { ChevronRight, KeyRound } from '../../../components/ui/icons';
import { API_EXAMPLES, API_KEY_LIMITS, API_REFERENCE as R } from '@solar/shared/constants/developers';
import { getOpenApi } from '@solar/shared/contracts/routes';
import { signInPath } from '@solar/shared/domain/redirect';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { api } from '../../../lib/api-client';
import { useMe } from '../../../lib/session/get-me';
import { useOpenApi } from '../api/get-openapi';
import { fieldsOf, matches, readOpenApi, typeOf, type JsonSchema, type Operation } from '../components/openapi-model';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900',
  POST: 'bg-blue-100 text-blue-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

/**
 * /developers/api (docs/product/developers.md#api-reference, decision 0530): the app's own OpenAPI
 * document drawn as a page, grouped by tag, with each route's parameters, body and answers; nothing
 * fetched from anywhere else. A route's details are drawn only when it is opened.
 */
export function ApiReferencePage() {
  const { data: me } = useMe();
  const doc = useOpenApi();
  const model = useMemo(() => {
    if (!doc.data) return null;
    try {
      return readOpenApi(doc.data);
    } catch {
      return null;
    }
  }, [doc.data]);
  const [filter, setFilter] = useState('');
  const groups = useMemo(
    () => (model ? model.groups.map((g) => ({ ...g, operations: g.operations.filter((op) => matches(op, filter)) })).filter((g) => g.operations.length > 0) : []),
    [model, filter],
  );

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-slate-900">{R.title}</h1>
        <p className="text-slate-700">{R.intro}</p>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {me ? (
            <Link to="/developers" className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4">
              <KeyRound className="h-4 w-4" aria-hidden />
              {R.keysLink}
            </Link>
          ) : (
            <Link to={signInPath('/login', '/developers')} className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4">
              <KeyRound className="h-4 w-4" aria-hidden />
              {R.signInForKeys}
            </Link>
          )}
          <a href={api.url(getOpenApi)} className="font-medium text-primary underline underline-offset-4">
            {R.document} (JSON)
          </a>
        </p>
      </header>

      <section aria-labelledby="api-auth" className="grid gap-2">
        <h2 id="api-auth" className="text-xl font-semibold">
          {R.authTitle}
        </h2>
        <p className="text-sm text-slate-700">{R.authText}</p>
        <p className="text-sm text-slate-700">{R.limitText(API_KEY_LIMITS.perMinute)}</p>
      </section>

      <section aria-labelledby="api-examples" className="grid gap-3">
        <h2 id="api-examples" className="text-xl font-semibold">
          {R.examplesTitle}
        </h2>
        <ul className="grid gap-3">
          {API_EXAMPLES.map((example) => (
            <li key={example.command} className="grid min-w-0 gap-1">
              <p className="text-sm font-medium text-slate-800">{example.title}</p>
              <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-50" tabIndex={0}>
                <code>{example.command}</code>
              </pre>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="api-routes" className="grid gap-4">
        <h2 id="api-routes" className="text-xl font-semibold">
          {R.routesTitle}
        </h2>
        {doc.isPending ? (
          <div role="status" aria-label={R.loading} className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-12 animate-pulse rounded-lg bg-muted" />
            ))}
          </div>
        ) : doc.isError || !model ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            <span>{doc.error?.message || R.failed}</span>
            <Button size="sm" variant="secondary" onClick={() => void doc.refetch()}>
              {R.retry}
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {model.title} {model.version} · {model.server} · {R.routeCount(model.count)}
            </p>
            <Field id="api-filter" label={R.filterLabel} hint={R.filterHint} className="max-w-md">
              {(control) => <Input {...control} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />}
            </Field>
            <p className="sr-only" role="status">
              {filter ? R.routeCount(groups.reduce((n, g) => n + g.operations.length, 0)) : ''}
            </p>
            {groups.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">{R.noMatch}</p>
            ) : (
              <>
                <nav aria-label={R.contents}>
                  <ul className="flex flex-wrap gap-2 text-sm">
                    {groups.map((g) => (
                      <li key={g.tag}>
                        <a href={`#group-${g.tag}`} className="inline-block rounded-full border border-border px-3 py-1 text-primary hover:bg-muted">
                          {g.tag} ({g.operations.length})
                        </a>
                      </li>
                    ))}
                  </ul>
                </nav>
                {groups.map((g) => (
                  <section key={g.tag} aria-labelledby={`group-${g.tag}`} className="grid min-w-0 gap-2">
                    <h3 id={`group-${g.tag}`} className="scroll-mt-24 text-lg font-semibold">
                      {g.tag}
                    </h3>
                    <ul className="grid min-w-0 gap-2">
                      {g.operations.map((op) => (
                        <OperationItem key={op.id} op={op} />
                      ))}
                    </ul>
                  </section>
                ))}
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function OperationItem({ op }: { op: Operation }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="min-w-0 rounded-lg border border-border bg-white">
      <details id={op.id} className="group" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 px-4 py-3 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90" aria-hidden />
          <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_COLOURS[op.method] ?? 'bg-muted text-slate-900'}`}>{op.method}</span>
          <code className="min-w-0 break-all text-sm font-medium text-slate-900">{op.path}</code>
          <span className="min-w-0 basis-full text-sm text-slate-700 sm:basis-auto">{op.summary}</span>
        </summary>
        {open && (
          <div className="grid gap-4 border-t border-border px-4 py-3 text-sm">
            <p className="flex flex-wrap gap-2">
              <Badge variant="outline">{R.access[op.access] ?? op.access}</Badge>
              <Badge variant={op.keyWorks ? 'success' : 'secondary'}>{op.keyWorks ? R.keyWorks : R.keyRefused}</Badge>
            </p>
            {op.description && <p className="text-slate-700">{op.description}</p>}
            {op.parameters.length > 0 && (
              <div className="grid gap-1">
                <h4 className="font-semibold">{R.parameters}</h4>
                <ul className="grid gap-1">
                  {op.parameters.map((p) => (
                    <li key={`${p.in}-${p.name}`} className="break-words">
                      <code className="font-semibold">{p.name}</code> <span className="text-muted-foreground">({p.in})</span> · {typeOf(p.schema)}
                      {p.required && <span className="text-red-800"> · {R.required}</span>}
                      {p.description && <span className="text-slate-700"> · {p.description}</span>}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {op.body && (
              <div className="grid gap-1">
                <h4 className="font-semibold">{R.body}</h4>
                <SchemaFields schema={op.body} depth={0} />
              </div>
            )}
            <div className="grid gap-2">
              <h4 className="font-semibold">{R.answers}</h4>
              <ul className="grid gap-2">
                {op.answers.map((a) => (
                  <li key={a.status} className="grid gap-1">
                    <p>
                      <code className="font-semibold">{a.status}</code>
                      {a.types.length > 0 && <span className="break-words text-muted-foreground"> · {a.types.join(', ')}</span>}
                      {a.description && a.description !== 'Default Response' && <span className="text-slate-700"> · {a.description}</span>}
                    </p>
                    {a.headers.length > 0 && (
                      <div className="grid gap-0.5">
                        <p className="text-muted-foreground">{R.headers}</p>
                        <ul className="grid gap-0.5 border-l border-border pl-3">
                          {a.headers.map((h) => (
                            <li key={h.name} className="min-w-0 break-words">
                              <code>{h.name}</code>
                              {h.description && <span className="text-slate-700"> · {h.description}</span>}
                            </li>
                          ))}
                        </ul>
                      </div>
                    )}
                    {a.schema && Number(a.status) < 300 && <SchemaFields schema={a.schema} depth={0} />}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </details>
    </li>
  );
}

/** An object's fields, each with its type, nested objects indented (four levels at most). */
function SchemaFields({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const object = fieldsOf(schema);
  if (!object?.properties) return <p className="break-words text-slate-700">{typeOf(schema)}</p>;
  const required = new Set(object.required ?? []);
  return (
    <ul className={`grid min-w-0 gap-0.5 ${depth > 0 ? 'border-l border-border pl-3' : ''}`}>
      {Object.entries(object.properties).map(([name, field]) => {
        const nested = depth < 3 ? fieldsOf(field) : undefined;
        return (
          <li key={name} className="min-w-0 break-words">
            <code>{name}</code>
            <span className="text-muted-foreground"> · {typeOf(field)}</span>
            {required.has(name) && <span className="text-red-800"> · {R.required}</span>}
            {field.description && <span className="text-slate-700"> · {field.description}</span>}
            {nested?.properties && <SchemaFields schema={nested} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
