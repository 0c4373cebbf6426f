"""
The alerting calls of the vendored grafana-client (grafana_client/elements/alertingprovisioning.py),
made against a running server as a Python script using the library would make them. Prints one JSON
line per call: {"call": name, "result": what the library returned} or {"call": name, "error": ...}.

Usage: python3 alerting_calls.py <server url> <token> <folder uid>
"""
import json
import sys

from grafana_client import GrafanaApi
from grafana_client.client import GrafanaClientError

url, token, folder_uid = sys.argv[1:4]
api = GrafanaApi.from_url(url=url, credential=token)
provisioning = api.alertingprovisioning


def report(call, run):
    try:
        print(json.dumps({"call": call, "result": run()}), flush=True)
    except GrafanaClientError as error:
        print(json.dumps({"call": call, "error": error.status_code, "message": error.message}), flush=True)


rule = {
    "uid": "py-client-rule",
    "title": "Python client rule",
    "folderUID": folder_uid,
    "ruleGroup": "python",
    "condition": "A",
    "data": [
        {
            "refId": "A",
            "datasourceUid": "__expr__",
            "relativeTimeRange": {"from": 0, "to": 0},
            "model": {"type": "math", "expression": "1 > 2"},
        }
    ],
    "noDataState": "NoData",
    "execErrState": "Error",
    "for": "1m",
    "labels": {"team": "python"},
    "annotations": {"summary": "made by grafana-client"},
}

report("create_alertrule", lambda: provisioning.create_alertrule(rule))
report("get_alertrule", lambda: provisioning.get_alertrule("py-client-rule"))
report("update_alertrule", lambda: provisioning.update_alertrule("py-client-rule", {**rule, "title": "Python client rule, renamed"}))
report("get_alertrules_all", lambda: provisioning.get_alertrules_all())
report("get_rule_group", lambda: provisioning.get_rule_group(folder_uid, "python"))
group = provisioning.get_rule_group(folder_uid, "python")
report("update_rule_group_interval", lambda: provisioning.update_rule_group_interval(folder_uid, "python", {**group, "interval": 120}))
report(
    "create_contactpoint",
    lambda: provisioning.create_contactpoint(
        {"uid": "py-client-webhook", "name": "Python webhook", "type": "webhook", "settings": {"url": "http://127.0.0.1:9/hook", "password": "s3cret"}},
        disable_provenance=True,
    ),
)
report("get_contactpoints", lambda: provisioning.get_contactpoints())
report(
    "create_mute_timing",
    lambda: provisioning.create_mute_timing({"name": "py-weekends", "time_intervals": [{"weekdays": ["saturday", "sunday"]}]}),
)
report("get_mute_timing", lambda: provisioning.get_mute_timing("py-weekends"))
tree = provisioning.get_notification_policy_tree()
report(
    "set_notification_policy_tree",
    lambda: provisioning.set_notification_policy_tree(
        {**tree, "routes": [{"receiver": "Python webhook", "object_matchers": [["team", "=", "python"]], "mute_time_intervals": ["py-weekends"]}]}
    ),
)
report("get_notification_policy_tree", lambda: provisioning.get_notification_policy_tree())
# This version's delete_mute_timing sends a GET (a bug of the library), so the DELETE it means is
# sent through the library's own client.
report("delete_mute_timing_in_use", lambda: api.client.DELETE("/v1/provisioning/mute-timings/py-weekends"))
report("create_or_update_template", lambda: provisioning.create_or_update_template("py-title", {"template": '{{ define "py-title" }}{{ .Status }}{{ end }}'}))
report("get_template", lambda: provisioning.get_template("py-title"))
report("delete_template", lambda: provisioning.delete_template("py-title"))
report("delete_alertrule", lambda: provisioning.delete_alertrule("py-client-rule"))
report("get_deleted_alertrule", lambda: provisioning.get_alertrule("py-client-rule"))
