#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of a fixed size (no dependencies beyond python3).

Usage: pty-run.py COLS ROWS -- COMMAND [ARGS...]

- The child gets a real TTY (stdin/stdout/stderr) of COLS x ROWS.
- Everything the child writes to the terminal is copied, unchanged, to this process's stdout.
- Everything written to this process's stdin is typed into the terminal (keys).
- The first line on stderr is "PID <pid>" (the child's process id, for /proc sampling).
- Exits with the child's exit status once the terminal closes; EOF on stdin sends SIGTERM.
"""
import fcntl, os, pty, select, signal, struct, sys, termios

def main():
    if len(sys.argv) < 5 or sys.argv[3] != '--':
        sys.stderr.write(__doc__)
        return 2
    cols, rows = int(sys.argv[1]), int(sys.argv[2])
    cmd = sys.argv[4:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    sys.stderr.write('PID %d\n' % pid)
    sys.stderr.flush()
    out = sys.stdout.buffer.fileno()
    inp = sys.stdin.buffer.fileno()
    watch = [fd, inp]
    while True:
        try:
            ready, _, _ = select.select(watch, [], [])
        except InterruptedError:
            continue
        if fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b''
            if not data:
                break
            view = memoryview(data)
            while view:
                n = os.write(out, view)
                view = view[n:]
        if inp in ready:
            data = os.read(inp, 4096)
            if not data:
                watch = [fd]
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
            else:
                os.write(fd, data)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) if hasattr(os, 'waitstatus_to_exitcode') else (status >> 8)

if __name__ == '__main__':
    sys.exit(main())
