// A small test harness of our own for the console's plain modules, run in the browser the
// Selenium tests already start (ConsoleModulesIntegrationTest): no Node toolchain. A test is an
// async function; a thrown error fails it. The results end up in window.consoleTestResults.
const tests = [];

export function test(name, body) {
  tests.push({ name, body });
}

export function equal(actual, expected, what = 'value') {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e} but was ${a}`);
}

export function ok(condition, what) {
  if (!condition) throw new Error(`expected ${what}`);
}

export async function rejects(promise, check, what) {
  try {
    await promise;
  } catch (e) {
    check(e);
    return;
  }
  throw new Error(`expected ${what} to fail`);
}

/** An HTTP answer as fetch gives it, its body sent in the given pieces. */
export function response(pieces, { status = 200, headers = {} } = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

export async function runAll() {
  const results = [];
  for (const { name, body } of tests) {
    try {
      await body();
      results.push({ name, passed: true });
    } catch (e) {
      results.push({ name, passed: false, message: `${e.name}: ${e.message}` });
    }
  }
  const list = document.getElementById('results');
  for (const r of results) {
    const item = document.createElement('li');
    item.textContent = r.passed ? `ok ${r.name}` : `FAILED ${r.name}: ${r.message}`;
    list.append(item);
  }
  const failed = results.filter((r) => !r.passed).length;
  document.getElementById('summary').textContent =
    `${results.length - failed} passed, ${failed} failed`;
  window.consoleTestResults = results;
}
