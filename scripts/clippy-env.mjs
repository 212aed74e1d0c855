// The environment that makes clippy-driver the compiler of the workspace's own crates, with its
// lints as errors: what `cargo clippy -- -D warnings` sets (scripts/test's `with_clippy`). The
// build tools (tools/wasm-split, tools/baseline) are linted this way inside the builds that
// compile them anyway, instead of being compiled a second time by the test command.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function clippyEnv() {
  const sysroot = execFileSync('rustc', ['--print', 'sysroot'], { encoding: 'utf8' }).trim();
  return {
    ...process.env,
    CLIPPY_ARGS: '-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__',
    RUSTC_WORKSPACE_WRAPPER: path.join(sysroot, 'bin', 'clippy-driver'),
  };
}
