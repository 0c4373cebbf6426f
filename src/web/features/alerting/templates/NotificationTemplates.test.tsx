import { EditorView } from '@codemirror/view';
import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { connectedSession } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { serveTemplates } from './testing';

// The routes' chunks, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './NotificationTemplatesPage';
import './TemplateEditorPage';

configure({ asyncUtilTimeout: 30_000 });

beforeAll(() => {
  // CodeMirror measures text with ranges, which jsdom does not lay out.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(() => notifications.clean());

const opsTitle = { name: 'ops.title', template: '[{{ .Status | toUpper }}] {{ .CommonLabels.alertname }}' };
const shared = {
  name: 'shared',
  template:
    '{{ define "shared.list" }}{{ range .Alerts }}{{ .Labels.alertname }}{{ end }}{{ end }}\n{{ define "shared.footer" }}--{{ end }}',
  provenance: 'file',
};

/** Replaces the text of the template editor (CodeMirror), as typing would. */
function replaceTemplateText(text: string) {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Template' }))!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

describe('the notification templates list', () => {
  it('lists each template with what it defines and its provenance; a provisioned one can only be viewed', async () => {
    startSession(connectedSession('Admin'));
    serveTemplates({ templates: [shared, opsTitle] });
    renderRoutes(appRoutes, '/alerting/notifications/templates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification templates' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Notification templates' });
    const [, opsRow, sharedRow] = within(table).getAllByRole('row');
    expect(within(opsRow!).getByText('ops.title', { selector: 'code' })).toBeInTheDocument();
    expect(within(opsRow!).getByRole('link', { name: 'Edit template ops.title' })).toHaveAttribute(
      'href',
      '/alerting/notifications/templates/ops.title/edit',
    );
    expect(within(sharedRow!).getByText('Provisioned from a file')).toBeInTheDocument();
    expect(within(sharedRow!).getByText('shared.list')).toBeInTheDocument();
    expect(within(sharedRow!).getByText('shared.footer')).toBeInTheDocument();
    expect(within(sharedRow!).getByRole('link', { name: 'View template shared' })).toBeInTheDocument();
    expect(within(sharedRow!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New template' })).toHaveAttribute('href', '/alerting/notifications/templates/new');
  }, 120_000);

  it('asks before deleting, naming what is lost; shows the server’s 409 at the row, then deletes once unused', async () => {
    startSession(connectedSession('Admin'));
    let usedBy: string | undefined =
      "template 'ops.title' is currently used by contact points: 'ops' (webhook, settings.title: template \"ops.title\" is not defined)";
    const { sent } = serveTemplates({
      templates: [opsTitle],
      refuse: (request) => (request.method === 'DELETE' && usedBy ? { status: 409, body: { message: usedBy } } : undefined),
    });
    renderRoutes(appRoutes, '/alerting/notifications/templates');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete template ops.title' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete template ops.title' });
    expect(within(dialog).getByText(/Its text is lost/)).toBeInTheDocument();
    expect(within(dialog).getByText('ops.title')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete ops.title');
    expect(alert).toHaveTextContent(usedBy);
    expect(screen.getByRole('row', { name: /ops\.title.*Edit.*Delete/ })).toBeInTheDocument();

    usedBy = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Delete template ops.title' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete template ops.title' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Template deleted')).toBeInTheDocument();
    expect(await screen.findByText('No notification templates yet')).toBeInTheDocument();
    expect(screen.queryByText('Could not delete ops.title')).not.toBeInTheDocument();
    expect(sent.map((s) => [s.method, s.name, s.provenanceOff])).toEqual([
      ['DELETE', 'ops.title', true],
      ['DELETE', 'ops.title', true],
    ]);
  }, 120_000);

  it('shows a Viewer the templates without New, Edit or Delete', async () => {
    startSession(connectedSession('Viewer'));
    serveTemplates({ templates: [opsTitle] });
    renderRoutes(appRoutes, '/alerting/notifications/templates');
    expect(await screen.findByRole('link', { name: 'View template ops.title' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  }, 120_000);
});

describe('the notification template editor', () => {
  it('checks the name and text, creates the template without provenance and goes back to the list', async () => {
    startSession(connectedSession('Admin'));
    const { sent } = serveTemplates({ templates: [opsTitle] });
    const { router } = renderRoutes(appRoutes, '/alerting/notifications/templates/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New notification template' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(name).toHaveAccessibleDescription(/Name the template/);
    expect(screen.getByRole('textbox', { name: 'Template' })).toHaveAccessibleDescription(/Write the template’s text/);

    await userEvent.type(name, 'ops.title');
    expect(name).toHaveAccessibleDescription(/A template named ops.title already exists/);
    await userEvent.clear(name);
    await userEvent.type(name, 'ops.message');
    replaceTemplateText('{{ define "ops.message" }}{{ len .Alerts.Firing }} firing{{ end }}');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/notifications/templates'));
    expect(await screen.findByText('Template created')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        name: 'ops.message',
        body: { template: '{{ define "ops.message" }}{{ len .Alerts.Firing }} firing{{ end }}' },
        provenanceOff: true,
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Edit template ops.message' })).toBeInTheDocument();
  }, 120_000);

  it('shows the parser’s 400 under the template and a 409 above the buttons, in the server’s words', async () => {
    startSession(connectedSession('Admin'));
    const invalid = { message: 'invalid template: template: ops.title:1: unexpected EOF', field: 'template' };
    const breaks = { message: "template 'ops.title' is currently used by contact points: 'ops' (webhook, settings.title: …)" };
    let answer: object = invalid;
    serveTemplates({ templates: [opsTitle], refuse: () => ({ status: answer === invalid ? 400 : 409, body: answer }) });
    renderRoutes(appRoutes, '/alerting/notifications/templates/ops.title/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit notification template' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('ops.title');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Template' })).toHaveTextContent(opsTitle.template);

    replaceTemplateText('{{ range .Alerts }}');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template' })).toHaveAccessibleDescription(new RegExp(invalid.message)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = breaks;
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(breaks.message);
    expect(screen.getByRole('textbox', { name: 'Template' })).not.toHaveAccessibleDescription(new RegExp(invalid.message));
  }, 120_000);

  it('shows a provisioned template read-only, and a Viewer any template read-only', async () => {
    startSession(connectedSession('Admin'));
    serveTemplates({ templates: [shared, opsTitle] });
    const { unmount } = renderRoutes(appRoutes, '/alerting/notifications/templates/shared/edit');
    expect(await screen.findByText(/comes from a provisioning file/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Template' })).toHaveValue(shared.template);
    expect(screen.getByRole('textbox', { name: 'Template' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save template' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/alerting/notifications/templates');
    unmount();

    startSession(connectedSession('Viewer'));
    renderRoutes(appRoutes, '/alerting/notifications/templates/ops.title/edit');
    expect(await screen.findByRole('textbox', { name: 'Template' })).toHaveValue(opsTitle.template);
    expect(screen.getByRole('textbox', { name: 'Template' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save template' })).not.toBeInTheDocument();
  }, 120_000);
});
