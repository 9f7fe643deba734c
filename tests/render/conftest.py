import pytest

from render import core


@pytest.fixture
def fresh_caches():
    """Text masks and drawn bands cleared before and after a test, so a picture is drawn from nothing
    and no test leans on another's warm caches (a module opts in with ``pytestmark``)."""
    core.clear_caches()
    yield
    core.clear_caches()
