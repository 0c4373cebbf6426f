from .admin import Admin as AsyncAdmin
from .alerting import Alerting as AsyncAlerting
from .alertingprovisioning import AlertingProvisioning as AsyncAlertingProvisioning
from .annotations import Annotations as AsyncAnnotations
from .dashboard import Dashboard as AsyncDashboard
from .dashboard_versions import DashboardVersions as AsyncDashboardVersions
from .datasource import Datasource as AsyncDatasource
from .folder import Folder as AsyncFolder
from .health import Health as AsyncHealth
from .libraryelement import LibraryElement as AsyncLibraryElement
from .notifications import Notifications as AsyncNotifications
from .organization import Organization as AsyncOrganization
from .organization import Organizations as AsyncOrganizations
from .plugin import Plugin as AsyncPlugin
from .rbac import Rbac as AsyncRbac
from .search import Search as AsyncSearch
from .service_account import ServiceAccount as AsyncServiceAccount
from .snapshots import Snapshots as AsyncSnapshots
from .team import Teams as AsyncTeams
from .user import User as AsyncUser
from .user import Users as AsyncUsers

__all__ = (
    "AsyncAdmin",
    "AsyncAlerting",
    "AsyncAlertingProvisioning",
    "AsyncAnnotations",
    "AsyncDashboard",
    "AsyncDashboardVersions",
    "AsyncDatasource",
    "AsyncFolder",
    "AsyncHealth",
    "AsyncLibraryElement",
    "AsyncNotifications",
    "AsyncOrganization",
    "AsyncOrganizations",
    "AsyncPlugin",
    "AsyncRbac",
    "AsyncSearch",
    "AsyncServiceAccount",
    "AsyncSnapshots",
    "AsyncTeams",
    "AsyncUser",
    "AsyncUsers",
)
