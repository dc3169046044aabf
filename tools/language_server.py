"""A client of pyright's language server, as an editor speaks to it: JSON-RPC over the server's
stdin and stdout (Content-Length framing), `initialize`, `initialized`, `textDocument/didOpen`,
and the server's `textDocument/publishDiagnostics` and answers to requests (`textDocument/hover`).

Used by benchmarks/editor_latency.py (the time an editor waits for a file's diagnostics) and by the
tests that read what the editor shows. The server is the installed pyright's (or basedpyright's)
`*-langserver --stdio` beside this Python, else `python -m pyright.langserver`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Optional

__all__ = ["LanguageServer", "language_server_command"]

Message = dict[str, Any]


def language_server_command(flavour: str = "pyright") -> list[str]:
    """The command that starts `flavour`'s language server on stdio (pyright or basedpyright)."""
    script = Path(sys.executable).with_name(f"{flavour}-langserver")
    if script.exists():
        return [str(script), "--stdio"]
    return [sys.executable, "-m", f"{flavour}.langserver", "--stdio"]


class LanguageServer:
    """One server process for one workspace folder (`root`); `close()` ends it (or use `with`).

    `settings` answers the server's `workspace/configuration` requests (the editor's settings:
    `{"python": {"analysis": {...}}}`); the interpreter is this one unless they name another."""

    def __init__(
        self,
        root: Path,
        *,
        flavour: str = "pyright",
        settings: Optional[Mapping[str, Any]] = None,
        timeout: float = 600.0,
    ) -> None:
        self.root = root.resolve()
        self.timeout = timeout
        analysis = {"diagnosticMode": "openFilesOnly", "autoImportCompletions": False}
        self._settings: dict[str, Any] = {"python": {"pythonPath": sys.executable, "analysis": analysis}}
        for section, values in (settings or {}).items():
            self._settings.setdefault(section, {}).update(values)
        self.process = subprocess.Popen(
            language_server_command(flavour),
            cwd=self.root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._next_id = 0
        self._messages: list[tuple[float, Message]] = []
        self._handed: set[int] = set()  # indices of messages wait_for returned
        self._answered: set[int] = set()  # indices of the server's requests answered
        self._first_open = 0  # every message before it was handed out
        self._lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        uri = self.root.as_uri()
        answer = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri,
                "workspaceFolders": [{"uri": uri, "name": self.root.name}],
                "capabilities": {
                    "workspace": {"configuration": True, "workspaceFolders": True},
                    "textDocument": {
                        "publishDiagnostics": {"relatedInformation": True},
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                    },
                },
            },
        )
        if "error" in answer:
            raise RuntimeError(f"the language server refused to initialize: {answer['error']}")
        self.notify("initialized", {})

    def __enter__(self) -> LanguageServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- framing
    def _send(self, message: Message) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    with self._lock:
                        self._lock.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                key, _, value = line.decode().partition(":")
                if key.lower() == "content-length":
                    length = int(value)
            if length is None:
                continue
            message = json.loads(stream.read(length))
            with self._lock:
                self._messages.append((time.perf_counter(), message))
                self._lock.notify_all()

    # -- what an editor sends
    def notify(self, method: str, params: Mapping[str, Any]) -> None:
        self._send({"method": method, "params": params})

    def request(self, method: str, params: Mapping[str, Any]) -> Message:
        """Send a request and wait for its answer (the whole response message)."""
        self._next_id += 1
        number = self._next_id
        self._send({"id": number, "method": method, "params": params})
        return self.wait_for(lambda m: m.get("id") == number and "method" not in m)[1]

    def open(self, file: Path, text: Optional[str] = None) -> float:
        """`didOpen` of `file`; returns the moment it was sent (time.perf_counter)."""
        sent = time.perf_counter()
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": file.resolve().as_uri(),
                    "languageId": "python",
                    "version": 1,
                    "text": file.read_text() if text is None else text,
                }
            },
        )
        return sent

    def diagnostics(self, file: Path) -> tuple[float, list[Message]]:
        """The next `publishDiagnostics` of `file`: when it arrived, and its diagnostics."""
        uri = file.resolve().as_uri()
        stamp, message = self.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
        )
        return stamp, message["params"]["diagnostics"]

    def hover(self, file: Path, line: int, character: int) -> str:
        """The hover text at a 0-based position ("" when the server shows none)."""
        answer = self.request(
            "textDocument/hover",
            {"textDocument": {"uri": file.resolve().as_uri()}, "position": {"line": line, "character": character}},
        )
        contents = (answer.get("result") or {}).get("contents", "")
        if isinstance(contents, dict):
            return str(contents.get("value", ""))
        if isinstance(contents, list):
            return "\n".join(c.get("value", "") if isinstance(c, dict) else str(c) for c in contents)
        return str(contents)

    def wait_for(self, predicate: Callable[[Message], bool]) -> tuple[float, Message]:
        """The first message not handed out yet for which `predicate` holds (and its arrival time);
        the server's own requests met on the way are answered."""
        deadline = time.perf_counter() + self.timeout
        index = self._first_open
        while True:
            with self._lock:
                while index >= len(self._messages):
                    left = deadline - time.perf_counter()
                    if left <= 0 or self.process.poll() is not None:
                        raise TimeoutError(f"no answer from the language server in {self.timeout:.0f} s")
                    self._lock.wait(min(left, 1.0))
                stamp, message = self._messages[index]
            if index not in self._handed:
                if "method" in message and "id" in message and index not in self._answered:
                    self._answered.add(index)
                    self._answer(message)
                if predicate(message):
                    self._handed.add(index)
                    while self._first_open in self._handed:
                        self._first_open += 1
                    return stamp, message
            index += 1

    def _answer(self, message: Message) -> None:
        if message["method"] == "workspace/configuration":
            result: Any = [self._section(item.get("section")) for item in message["params"].get("items", [])]
        else:
            result = None
        self._send({"id": message["id"], "result": result})

    def _section(self, section: Optional[str]) -> Any:
        node: Any = self._settings
        for part in (section or "").split(".") if section else []:
            node = node.get(part) if isinstance(node, dict) else None
        return node

    def cpu_seconds(self) -> float:
        """User + system CPU seconds of the server and its children so far (Linux /proc; nan elsewhere)."""
        ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        total, pids, seen = 0.0, [self.process.pid], set()
        while pids:
            pid = pids.pop()
            if pid in seen:
                continue
            seen.add(pid)
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / ticks
                pids += [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
            except OSError:
                return float("nan")
        return total

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._next_id += 1
                self._send({"id": self._next_id, "method": "shutdown", "params": None})
                self.notify("exit", {})
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
