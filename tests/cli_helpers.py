"""Running the command line in the test's process, and what a refusal looks like."""

from __future__ import annotations

import io
import sys

from game.services import cli


def run(capsys, *args, stdin=None, monkeypatch=None):
    """(exit code, stdout, stderr) of `alice-assemble ARGS`, stdin given as text or a stream."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", stdin if not isinstance(stdin, str) else io.StringIO(stdin))
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code, err, needle):
    """A command refused as it should be: exit 2 and one line on stderr naming `needle`, no
    traceback."""
    assert code == 2, err
    assert err.count("\n") == 1, err
    assert needle in err, err
    assert "Traceback" not in err and "internal error" not in err, err
