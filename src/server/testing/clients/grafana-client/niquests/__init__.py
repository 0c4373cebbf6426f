# grafana-client imports `niquests`, a drop-in fork of `requests` that cannot be installed here
# (only Debian's packages are reachable). Its synchronous API is `requests`'s, which Debian's
# python3-requests provides; the async client is not used by these tests.
from requests import *  # noqa: F401,F403
from requests import HTTPError, ReadTimeout, Session, Timeout  # noqa: F401

from . import auth  # noqa: F401


class AsyncSession:  # only referenced by AsyncGrafanaClient, which these tests never build
    def __init__(self, *args, **kwargs):
        raise RuntimeError("the niquests shim has no async session")
