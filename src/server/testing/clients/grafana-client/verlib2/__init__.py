# grafana-client compares Grafana versions with `verlib2.Version`, which cannot be installed here.
# These tests only need dotted release numbers ("8", "11.6.0") compared in order.
import re


class Version:
    def __init__(self, text):
        self.parts = tuple(int(part) for part in re.findall(r"\d+", str(text).split("-")[0]))

    def _key(self, other):
        other = other if isinstance(other, Version) else Version(other)
        width = max(len(self.parts), len(other.parts))
        return self.parts + (0,) * (width - len(self.parts)), other.parts + (0,) * (width - len(other.parts))

    def __eq__(self, other):
        mine, theirs = self._key(other)
        return mine == theirs

    def __lt__(self, other):
        mine, theirs = self._key(other)
        return mine < theirs

    def __le__(self, other):
        return self < other or self == other

    def __gt__(self, other):
        return not self <= other

    def __ge__(self, other):
        return not self < other
