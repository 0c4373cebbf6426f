from .admin import Admin
from .alerting import Alerting
from .alertingprovisioning import AlertingProvisioning
from .annotations import Annotations
from .base import Base
from .dashboard import Dashboard
from .dashboard_versions import DashboardVersions
from .datasource import Datasource
from .folder import Folder
from .health import Health
from .libraryelement import LibraryElement
from .notifications import Notifications
from .organization import Organization, Organizations
from .plugin import Plugin
from .rbac import Rbac
from .search import Search
from .service_account import ServiceAccount
from .snapshots import Snapshots
from .team import Teams
from .user import User, Users

__all__ = (
    "Admin",
    "Alerting",
    "AlertingProvisioning",
    "Annotations",
    "Base",
    "Dashboard",
    "DashboardVersions",
    "Datasource",
    "Folder",
    "Health",
    "LibraryElement",
    "Notifications",
    "Organization",
    "Organizations",
    "Plugin",
    "Rbac",
    "Search",
    "ServiceAccount",
    "Snapshots",
    "Teams",
    "User",
    "Users",
)
