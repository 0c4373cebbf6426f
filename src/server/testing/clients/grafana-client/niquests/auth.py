from requests.auth import *  # noqa: F401,F403
from requests.auth import AuthBase, HTTPBasicAuth  # noqa: F401
