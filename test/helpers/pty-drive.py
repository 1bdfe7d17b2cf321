#!/usr/bin/env python3
"""Drives a command on a pseudo-terminal through a script of steps and reports what happened.

Usage: pty-drive.py SPEC_JSON -- COMMAND [ARGS...]

SPEC_JSON: {"cols": 100, "rows": 30, "timeoutSec": 20, "steps": [STEP, ...]}
  STEP: {"waitFor": "TEXT"}     wait until TEXT has appeared in the output since the previous waitFor
        {"send": "TEXT"}        type TEXT into the terminal (keys)
        {"signal": "SIGINT"}    send the signal to the child
        {"hangup": true}        close the terminal's master side (an SSH drop); output stops here
After the steps it reads until the child has closed the terminal and exited.

Prints one JSON object on stdout:
  {"output": base64 of every byte the child wrote to the terminal,
   "exitCode": exit status (128+n when killed by signal n), "signaled": signal number or null,
   "timedOut": bool, "failedStep": index of the waitFor that timed out or null,
   "lflag": {"icanon": bool, "echo": bool, "isig": bool} of the terminal after the child exited
            (null after a hangup)}

Streaming mode, SPEC_JSON with "stream": true (the steps are ignored): commands arrive on stdin, one
JSON object a line, and events leave on stdout as they happen, one JSON object a line:
  in:  {"send": "TEXT"}  {"signal": "SIGINT"}  {"resize": [COLS, ROWS]}  (EOF on stdin: SIGKILL the child)
  out: {"out": base64 of bytes the child wrote}
       {"resized": [COLS, ROWS]}   the terminal has the new size (TIOCSWINSZ, then SIGWINCH to the
                                   child); "out" events after it were read after the resize
       {"exit": {"exitCode": ..., "signaled": ..., "timedOut": ...}}   last line, once the child ended
No dependencies beyond python3; Linux/macOS only.
"""
import base64, fcntl, json, os, pty, select, signal, struct, sys, termios, time


def read_some(fd, wait):
    """Returns bytes read within `wait` seconds, b'' on nothing, None on EOF/EIO."""
    try:
        ready, _, _ = select.select([fd], [], [], max(wait, 0))
    except InterruptedError:
        return b''
    if not ready:
        return b''
    try:
        data = os.read(fd, 65536)
    except OSError:
        return None
    return data if data else None


def main():
    if len(sys.argv) < 4 or sys.argv[2] != '--':
        sys.stderr.write(__doc__)
        return 2
    spec = json.loads(sys.argv[1])
    cols, rows = int(spec.get('cols', 100)), int(spec.get('rows', 30))
    deadline = time.monotonic() + float(spec.get('timeoutSec', 20))
    cmd = sys.argv[3:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    if spec.get('stream'):
        return stream(pid, fd, deadline)
    out = bytearray()
    mark = 0  # waitFor searches from here
    eof = False
    hung_up = False
    timed_out = False
    failed_step = None
    for index, step in enumerate(spec.get('steps', [])):
        if eof or timed_out:
            break
        if 'waitFor' in step:
            needle = step['waitFor'].encode('utf-8')
            while True:
                found = out.find(needle, mark)
                if found >= 0:
                    mark = found + len(needle)
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    timed_out, failed_step = True, index
                    break
                data = read_some(fd, min(left, 0.5))
                if data is None:
                    eof, failed_step = True, index
                    break
                out.extend(data)
        elif 'send' in step:
            os.write(fd, step['send'].encode('utf-8'))
        elif 'signal' in step:
            os.kill(pid, getattr(signal, step['signal']))
        elif step.get('hangup'):
            os.close(fd)
            hung_up = True
            break
    lflag = None
    if not hung_up:
        while not eof:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            data = read_some(fd, min(left, 0.5))
            if data is None:
                eof = True
            else:
                out.extend(data)
        try:
            flags = termios.tcgetattr(fd)[3]
            lflag = {'icanon': bool(flags & termios.ICANON), 'echo': bool(flags & termios.ECHO), 'isig': bool(flags & termios.ISIG)}
        except termios.error:
            lflag = None
    if timed_out:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    # After a hangup the child exits on its own; bound the wait by the deadline.
    status = None
    while status is None:
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
        elif time.monotonic() > deadline + 5:
            os.kill(pid, signal.SIGKILL)
            timed_out = True
        else:
            time.sleep(0.02)
    signaled = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    code = 128 + signaled if signaled is not None else os.WEXITSTATUS(status)
    if not hung_up:
        os.close(fd)
    json.dump({'output': base64.b64encode(bytes(out)).decode('ascii'), 'exitCode': code, 'signaled': signaled,
               'timedOut': timed_out, 'failedStep': failed_step, 'lflag': lflag}, sys.stdout)
    return 0


def emit(event):
    sys.stdout.write(json.dumps(event) + '\n')
    sys.stdout.flush()


def command(pid, fd, line):
    """Carries out one streaming-mode command line."""
    step = json.loads(line)
    if 'send' in step:
        os.write(fd, step['send'].encode('utf-8'))
    elif 'signal' in step:
        os.kill(pid, getattr(signal, step['signal']))
    elif 'resize' in step:
        cols, rows = int(step['resize'][0]), int(step['resize'][1])
        # The kernel signals the foreground process group on a size change; the explicit SIGWINCH
        # covers systems that do not (a repeated one changes nothing: the size is the same).
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        emit({'resized': [cols, rows]})


def stream(pid, fd, deadline):
    """Streaming mode (see the module doc): relays commands and output until the child has ended."""
    stdin = sys.stdin.fileno()
    pending = b''
    eof = False
    timed_out = False
    while not eof:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            break
        try:
            ready, _, _ = select.select([fd] + ([stdin] if stdin is not None else []), [], [], min(left, 0.5))
        except InterruptedError:
            continue
        if stdin is not None and stdin in ready:
            data = os.read(stdin, 65536)
            if not data:
                # The test went away: do not leave the command running.
                stdin = None
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            pending += data
            while b'\n' in pending:
                line, pending = pending.split(b'\n', 1)
                if line.strip():
                    command(pid, fd, line.decode('utf-8'))
        if fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b''
            if data:
                emit({'out': base64.b64encode(data).decode('ascii')})
            else:
                eof = True
    if timed_out:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    status = None
    while status is None:
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
        elif time.monotonic() > deadline + 5:
            os.kill(pid, signal.SIGKILL)
            timed_out = True
        else:
            time.sleep(0.02)
    signaled = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    code = 128 + signaled if signaled is not None else os.WEXITSTATUS(status)
    os.close(fd)
    emit({'exit': {'exitCode': code, 'signaled': signaled, 'timedOut': timed_out}})
    return 0


if __name__ == '__main__':
    sys.exit(main())
