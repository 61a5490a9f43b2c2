#!/usr/bin/env python3
"""Rewrites the // want patterns of fixtures (testdata/**/*.go and
*.golden) from the wording of mcpvet's findings before issue 26 (one line
of what, why, path and fix) to the wording after it (one clause;
internal/wording). For fixtures written on a branch before that change:

    python3 scripts/reword-wants.py $(grep -rl '// want' testdata)

A pattern it does not know is left as it is; a pattern that names only
the start of a message ("tool \"x\" is not idempotent") needs no change.
The // related: comments of the trail fixtures name the fix now too (see
testdata/*/trail). Delete this script once every branch has been merged.
"""
import re, sys

VERB = {
    'file write': 'writes a file', 'SQL write': 'writes to an SQL database',
    'HTTP request': 'sends an HTTP [A-Z]+', 'process run': 'runs a process',
    'message publish': 'publishes a message', 'email send': 'sends an email',
    'Redis write': 'writes to Redis', 'MongoDB write': 'writes to MongoDB',
    'GitHub write': 'writes to GitHub', 'remote mutation': 'changes remote state',
    'configured sink': 'calls a configured sink',
}

def short(fn):
    # \(\*store.Ledger\).Append -> store.Ledger.Append
    fn = re.sub(r'^\\\(\\\*([^\\]+)\\\)\.', r'\1.', fn)
    fn = re.sub(r'^[\w.-]+(?:/[\w.-]+)+/([\w-]+\.)', r'\1', fn)
    fn = re.sub(r'^([\w-]+)/([\w-]+\.)', r'\2', fn)
    m = re.match(r'^(.*?) \\\(implemented by (.*)\\\)$', fn)
    if m:
        fn = short(m.group(1)) + ', implemented by ' + short(m.group(2))
    return fn

def effect(kind, fn):
    v = VERB.get(kind, 'commits an? ' + kind)
    if fn:
        v += r' \(' + short(fn) + r'\)'
    return v

KIND = r'(?:an?|\.\*) ?(file write|SQL write|HTTP request|process run|message publish|email send|Redis write|MongoDB write|GitHub write|remote mutation|configured sink)'

def convert(p):
    q = p
    # the sink reached: no longer in the message
    q = re.sub(r' \\\(which reaches [^`]*?\\\)', '', q)
    q = re.sub(r' \\\(which reaches\s*$', '', q)
    # dedupekey
    q = re.sub(r'is not idempotent and its handler commits ' + KIND + r'(?: via ([^ ]+(?: \\\(implemented by [^ ]+\\\))?))?',
               lambda m: 'is not idempotent but ' + effect(m.group(1), m.group(2)), q)
    q = re.sub(r'is not marked idempotent and its handler commits ' + KIND + r'(?: via ([^ ]+))?',
               lambda m: 'is not marked idempotent and ' + effect(m.group(1), m.group(2)), q)
    q = q.replace('is not idempotent and its handler commits', 'is not idempotent but')
    q = q.replace('is not marked idempotent and its handler commits', 'is not marked idempotent and')
    q = re.sub(r'; it looks idempotent by nature.*$', '', q)
    q = re.sub(r' ?\.\*looks idempotent by nature.*$', '', q)
    q = q.replace(', so a retry repeats it', ': a retried call repeats it')
    q = re.sub(r'makes the dedupe key it sends downstream( \\\([^)]*\\\))? anew on every call',
               lambda m: 'XXX', q) if False else q
    m = re.match(r'^tool "([^"]+)" makes the dedupe key it sends downstream(.*)$', q)
    if m:
        rest = m.group(2)
        key = ''
        km = re.match(r'^( \\\([^\\]*\\\))', rest)
        if km:
            key = km.group(1); rest = rest[len(key):]
        rest = re.sub(r'^ anew', ' is made anew', rest)
        q = 'the dedupe key' + key + ' of tool "' + m.group(1) + '"' + rest
    # toolhints
    q = re.sub(r'is annotated ReadOnlyHint: true but its handler commits ' + KIND + r'(?: via ([^ ]+))?',
               lambda m: 'is annotated read-only but ' + effect(m.group(1), m.group(2)), q)
    q = re.sub(r'is annotated IdempotentHint: true but its handler commits ' + KIND + r'(?: via ([^ ]+))?',
               lambda m: 'is annotated idempotent but ' + effect(m.group(1), m.group(2)), q)
    q = q.replace('is annotated ReadOnlyHint: true', 'is annotated read-only')
    q = q.replace('is annotated IdempotentHint: true', 'is annotated idempotent')
    # reinvoke
    q = re.sub(r'the handler of (tool "[^"]+") commits ' + KIND + r'(?: via ([^ ]+))?',
               lambda m: m.group(1) + ' ' + effect(m.group(2), m.group(3)), q)
    q = re.sub(r'this (function|tool handler) commits ' + KIND + r'(?: via ([^ ]+))?',
               lambda m: ('this function' if m.group(1) == 'function' else 'this tool') + ' ' + effect(m.group(2), m.group(3)), q)
    q = q.replace(' and then returns input requests', ' before returning input requests')
    # readback
    q = q.replace('is sent again in the error path of the same call', 'is sent again in the error path')
    q = q.replace(', so the tool can run twice', ': the tool can run twice')
    q = q.replace('the HTTP client of this MCP transport comes from go-retryablehttp', r"this MCP transport's HTTP client \(go-retryablehttp\)")
    q = q.replace('re-sends every request by itself, tools/call included, up to', 're-sends every request up to')
    # freshkey
    q = q.replace(', so the server sees each retry as a new operation', ': the server sees each retry as a new operation')
    q = re.sub(r'^stripe-go sends a new Idempotency-Key with every call of ([^ ]+) whose params carry no IdempotencyKey, so the server sees each attempt of (.*?) as a new operation.*$',
               r"stripe-go's Idempotency-Key for \1 is made anew on every attempt of \2: the server sees each retry as a new operation", q)
    q = re.sub(r'^stripe-go sends a new Idempotency-Key with every call of ([^ ]+)', r"stripe-go's Idempotency-Key for \1 is made anew", q)
    q = re.sub(r'^([\w.]+Input) is built anew on every attempt of (.*?) without a (\w+),.*$', r"the AWS SDK's \3 for \1 is made anew on every attempt of \2", q)
    q = re.sub(r'^([\w.]+Input) is built anew', r"the AWS SDK's \\w+ for \1 is made anew", q)
    # the fixes, now in the related positions and the documentation
    q = re.sub(r' ?\.\* ?(set ReadOnlyHint|which is not idempotent by nature|or put a //mcpvet|even if the user declines|it looks idempotent by nature|looks idempotent by nature).*$', '', q)
    q = re.sub(r' and cannot dedupe it.*$', '', q)
    q = re.sub(r', so a retry gets a new key and repeats the side effect.*$', ': the server sees each retry as a new operation', q)
    q = re.sub(r'and then returns input requests', 'before returning input requests', q)
    q = re.sub(r'; the client answers by calling the tool again.*$', '', q)
    q = re.sub(r'\.\* via ([^ `]+)', lambda m: '.* \\(' + short(m.group(1)) + '\\)', q)
    return q

def main(files):
    pat = re.compile(r'`([^`]*)`')
    bad = 0
    for f in files:
        src = open(f).read()
        out = []
        for line in src.split('\n'):
            i = line.find('// want ')
            if i >= 0:
                head, tail = line[:i], line[i:]
                # Facts (// want Name:`effect(...)`) keep their wording.
                tail = re.sub(r'(^|[^:])`([^`]*)`', lambda m: m.group(1) + '`' + convert(m.group(2)) + '`', tail)
                line = head + tail
            out.append(line)
        new = '\n'.join(out)
        if new != src:
            open(f, 'w').write(new)

if __name__ == '__main__':
    main(sys.argv[1:])
