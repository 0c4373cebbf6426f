/**
 * `/alerting/new` (prefilled from a panel by `?defaults=`, or a copy of a rule by `?copyFrom=<uid>`,
 * as Grafana's Duplicate) and `/alerting/grafana/<uid>/edit`: the
 * simple form whenever the rule is one query reduced against a threshold, the full editor a click
 * away.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useDataSourceList } from '../../../api/dataSources';
import { errorMessage } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { ErrorState, LoadingRows } from '../../../components/States';
import { Page } from '../../../components/Page';
import { parseAlertRuleDefaults } from '../../../lib/alertRuleDefaults';
import { useDashboardFolderUid, useFolderGroups, useRuleToEdit, useSaveRule } from '../api/ruleForm';
import { serverErrorField, validateRule, type FieldErrors } from './formErrors';
import { FullRuleEditor } from './FullRuleEditor';
import { newRuleValues, ruleToValues, simpleParts, valuesToRule, type RuleFormValues } from './ruleModel';
import { SimpleRuleForm } from './SimpleRuleForm';

export function RuleFormPage() {
  const { uid } = useParams();
  const [search] = useSearchParams();
  const defaults = uid ? undefined : parseAlertRuleDefaults(search.get('defaults'));
  const linkedDashboard = defaults?.annotations.find((a) => a.key === '__dashboardUid__')?.value;
  const copyFrom = uid ? undefined : (search.get('copyFrom') ?? undefined);
  const dataSources = useDataSourceList();
  const rule = useRuleToEdit(uid ?? copyFrom);
  const dashboardFolder = useDashboardFolderUid(defaults && !defaults.folder ? linkedDashboard : undefined);
  const title = uid ? 'Edit alert rule' : 'New alert rule';

  const failed = dataSources.error ?? rule.error;
  if (failed)
    return (
      <Page title={title}>
        <ErrorState error={failed} title={uid || copyFrom ? 'Could not load this alert rule' : 'Could not load the data sources'} />
      </Page>
    );
  const waiting =
    dataSources.isPending ||
    ((uid ?? copyFrom) !== undefined && rule.isPending) ||
    (dashboardFolder.fetchStatus === 'fetching' && dashboardFolder.isPending);
  if (waiting)
    return (
      <Page title={title}>
        <LoadingRows rows={6} label={uid ? 'Loading the alert rule' : 'Loading the form'} />
      </Page>
    );

  let initial: RuleFormValues;
  if (uid && rule.data) initial = ruleToValues(rule.data.rule, rule.data.groupInterval);
  else if (copyFrom && rule.data) {
    // A new rule with everything of the original but its uid; its name says it is a copy, as Grafana's.
    const original = ruleToValues(rule.data.rule, rule.data.groupInterval);
    initial = { ...original, uid: undefined, title: `${original.title} (copy)` };
  } else {
    const ds = dataSources.data?.find((d) => d.isDefault) ?? dataSources.data?.[0];
    initial = newRuleValues(defaults, ds);
    // A dashboard in General has no folder a rule may live in: the person chooses one.
    if (!initial.folderUid && dashboardFolder.data) initial.folderUid = dashboardFolder.data;
  }
  return <RuleForm key={uid ?? copyFrom ?? 'new'} title={title} initial={initial} />;
}

function RuleForm({ title, initial }: { title: string; initial: RuleFormValues }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [mode, setMode] = useState<'simple' | 'full'>(() => (simpleParts(initial) ? 'simple' : 'full'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const groups = useFolderGroups(values.folderUid);
  const save = useSaveRule();
  const parts = mode === 'simple' ? simpleParts(values) : undefined;

  // Stable, so the editors of queries that did not change skip their render.
  const update = useCallback((change: (current: RuleFormValues) => RuleFormValues) => {
    setValues(change);
    setErrors((current) => (Object.keys(current).length > 0 ? {} : current));
  }, []);

  const onSave = () => {
    // Saving into a group thought new would replace the group's rules: know the groups first.
    if (values.folderUid && !groups.isSuccess) {
      setFormError(groups.error ? errorMessage(groups.error) : "The folder's evaluation groups are still loading: save again in a moment.");
      return;
    }
    const existing = (groups.data ?? []).map((g) => g.name);
    const found = validateRule(values, existing);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    const newGroup = !existing.includes(values.group.trim());
    save.mutate(
      { rule: valuesToRule(values), newGroupInterval: newGroup ? values.groupInterval : undefined },
      {
        onSuccess: (uid) => {
          notifications.show({ color: 'green', title: 'Alert rule saved', message: values.title.trim() });
          void navigate(paths.alertRule(uid));
        },
        onError: (error) => {
          const field = serverErrorField(error, values);
          if (field) setErrors({ [field]: errorMessage(error) });
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  const errorCount = Object.keys(errors).length;
  return (
    <Page
      title={title}
      actions={
        parts ? (
          <Button variant="default" onClick={() => setMode('full')}>
            Switch to the full editor
          </Button>
        ) : simpleParts(values) ? (
          <Button variant="default" onClick={() => setMode('simple')}>
            Switch to the simple form
          </Button>
        ) : undefined
      }
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Stack gap="lg">
          {parts ? (
            <SimpleRuleForm values={values} parts={parts} errors={errors} update={update} />
          ) : (
            <FullRuleEditor values={values} errors={errors} update={update} />
          )}
          {errorCount > 0 && (
            <Alert color="red" title="The rule was not saved">
              {errorCount === 1 ? 'One field needs attention' : `${errorCount} fields need attention`}: {Object.values(errors).join(' · ')}
            </Alert>
          )}
          {formError && (
            <Alert color="red" title="The rule was not saved">
              {formError}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
            <Button variant="default" component={Link} to={paths.alertRules()}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

export default RuleFormPage;
