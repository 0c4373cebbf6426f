"""
The preference calls of the vendored grafana-client (grafana_client/elements/user.py,
organization.py and team.py), made against a running server as a script using the library would
make them. Prints one JSON line per call, as alerting_calls.py does.

Usage: python3 preference_calls.py <server url> <token> <team id> <dashboard uid>
"""
import json
import sys

from grafana_client import GrafanaApi
from grafana_client.client import GrafanaClientError
from grafana_client.model import PersonalPreferences

url, token, team_id, dashboard_uid = sys.argv[1:5]
api = GrafanaApi.from_url(url=url, credential=token)


def report(call, run):
    try:
        print(json.dumps({"call": call, "result": run()}), flush=True)
    except GrafanaClientError as error:
        print(json.dumps({"call": call, "error": error.status_code, "message": error.message}), flush=True)


report("user_update_preferences", lambda: api.user.update_preferences(PersonalPreferences(theme="dark", timezone="utc", homeDashboardUID=dashboard_uid)))
report("user_patch_preferences", lambda: api.user.patch_preferences(PersonalPreferences(weekStart="monday")))
report("user_get_preferences", lambda: api.user.get_preferences())
report("user_bad_theme", lambda: api.user.patch_preferences(PersonalPreferences(theme="purple")))
report("org_update_preferences", lambda: api.organization.update_preferences(PersonalPreferences(theme="light", timezone="browser")))
report("org_patch_preferences", lambda: api.organization.patch_preferences(PersonalPreferences(weekStart="sunday")))
report("org_get_preferences", lambda: api.organization.get_preferences())
report("team_update_preferences", lambda: api.teams.update_preferences(int(team_id), PersonalPreferences(timezone="Europe/Berlin")))
report("team_get_preferences", lambda: api.teams.get_preferences(int(team_id)))
report("team_unknown_dashboard", lambda: api.teams.update_preferences(int(team_id), PersonalPreferences(homeDashboardUID="no-such-dashboard")))
report("get_home_dashboard", lambda: api.dashboard.get_home_dashboard())
