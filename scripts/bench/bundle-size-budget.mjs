/**
 * The size budget of issue #16: the runtime and a 10-tool registry, minified and gzipped.
 * 15 KiB at first; 15.5 KiB once the runtime bounded what validation can cost (issue #20) and
 * checked `@scopes` (issue #23); 16.5 KiB since tools return content blocks and reach their
 * host through the context (issue #22); 18.5 KiB since validators are compiled from the
 * schemas at run time (issue #18): the runtime carries the schema compiler (about 1.7 KiB
 * more at 10 tools), the registry module no validator code (the corpus's 10 large tools went
 * from 22.1 to 19.3 KiB; the more tools, the smaller the bundle) — see docs/benchmarks.md;
 * 19 KiB since an outside audit's validation fixes: the errors of the one union member the
 * value's JSON type admits (`Address | null`), leap seconds, values JSON cannot carry (+208 B);
 * 19.5 KiB since results are held to their output schemas (properties the declared type does
 * not have left out, a result that lacks what it requires refused), without which MCP clients
 * refuse the structured content of a tool returning a wider object than its type (+604 B);
 * 20 KiB since a value several union members admit (`ByEmail | ById`) gets the errors of the
 * member it comes closest to, or what each member asks, instead of "none of the allowed
 * shapes" (+231 B), and such a union keeps its verdicts for the validation, without which a
 * recursive one took time exponential in the value's depth (+175 B); 20.5 KiB since an audit's
 * fixes: a tool name too long or not a string gets no edit distance (a megabyte name blocked
 * the process), suggestions only of entries the caller may use, an error message that is not a
 * string made text (+120 B), and a registered schema with a type that is none of JSON Schema's
 * or a bound that is not a number refused instead of checked wrongly (+111 B); 21 KiB since
 * no argument can stall a call for seconds: repairs keep their place as a stack of keys
 * (no path string per value), copy only what they change and list 1,000, and the tool's copy
 * of its arguments is made by hand, not by `structuredClone` (a million small arrays took
 * 2–3.5 s, now 0.3–1.2 s), and repairs reach a map's values and a discriminated union's
 * member, as documented (+520 B); 21.5 KiB since the runtime refuses a resource path variable of
 * `..`, `\` or NUL and reads scopes from an array only (two security fixes paid for by trims),
 * and a caller's mistakes are said where they are made: `use()` of what is no function, a
 * `timeoutMs` that is no number naming its type (+27 B over 21 KiB); an interceptor's result
 * checked where it is returned, with what its status requires, the caller's abort on the
 * tool's signal from the start (an approval interceptor can stop waiting), and host
 * callbacks that throw or reject contained (+101 B); 22 KiB since an audit's resource fixes: a
 * URI variable of a union (`"auto" | number`, `boolean | "maybe"`, `Date | null`) is read as
 * the literal its parameter takes, and an `ArrayBuffer` or a typed array other than
 * `Uint8Array` is bytes, not `{}` (+72 B over 21.5 KiB); 22.5 KiB since defaults declared
 * below the top level are filled in, as the schema tells the model (+290 B), and the options of
 * a registry and of a call are checked, so that a misspelled `timeout` is not "no timeout"
 * (+280 B); an interceptor's throw an outcome, an aborted external call not suspended (+80 B);
 * 23 KiB since a differential audit against ajv: a discriminated union that also takes `null`
 * reports the member its tag names, a subschema that is no schema (draft-07's `items: [A, B]`)
 * is refused instead of checking nothing, `multipleOf` is exact where floating point rounds
 * (`1e20` is no multiple of 3) (+193 B), and a wildcard of a conversion covers only its keys,
 * so the string before a tuple's `...Date[]` is not made a `Date` (+33 B); a union of
 * references (a recursive type's) told apart by its tag, and a list keyword that is no list
 * refused (+152 B); a value no member of a `oneOf` takes told as `anyOf` tells it, and
 * keywords of the wrong JSON type refused rather than skipped (+114 B); 23.5 KiB since an
 * audit of the programmable surface: `register()` refuses what a build refuses — a string
 * where a list belongs (`scopes: "admin"` was five one-letter scopes, a door open to a caller
 * holding them), a prompt `role` MCP has not, a resource URI a read cannot reach the function
 * through (+349 B) —, an interceptor's own outcome with an unknown error code or that JSON
 * cannot carry is `internal`, and an in-process host's answer that is no answer a `ToolError`,
 * what a tool logs after its call was given up dropped (+206 B); 23.75 KiB since the errors
 * a tool throws on purpose are known across copies of the runtime (`npm link`, a global CLI, a
 * library's own copy): a `ToolError` from another copy lost its payload and an `EndTask` became
 * an error (+109 B), and `register()` refuses a title or MIME type that is no string and a
 * parameter that is no object, naming it (+29 B); 24 KiB since a call's arguments are read
 * once, into its own copy, before validation (a getter could hand the tool a value validation
 * never saw; the copy replaced the depth check and the copy after validation), and a value JSON
 * has no kind for — a `Map`, a `Date`, a bigint, NaN — is refused wherever the schema takes
 * anything, and an elicited answer is held to its field's choices and a sampled text block to
 * having its text (+236 B together); 24.25 KiB since an audit of the runtime's security: a
 * schema whose reference comes back to itself before any property (`A: anyOf [A, …]`) is
 * refused when compiled (every call overflowed the stack), a `principal` of `null` holds no
 * scope (it turned the check off), completion knows only what the principal may use, an
 * interceptor's second `next()`, or one after it answered, does not run the tool, a `__proto__`
 * parameter stays a parameter, a host's wrong result leaves its external call open, what a
 * tool asks after its call was given up does not reach the host, and the model's id of a call
 * reaches telemetry (`gen_ai.tool.call.id`) (+233 B together, 24,678 B); 24.75 KiB since an
 * audit of the runtime as applications embed it and one of its arguments: the lenient repair
 * reads a JSON string's depth before parsing it (a few MiB of brackets took 1.5 s to parse, to
 * be refused after) (+93 B); `register()` refuses hints an MCP client would refuse the whole
 * tool list over (`readOnlyHint: "yes"`), another kind's keys (a tool's `uris` were served as
 * a resource), a parameter's unknown key (`optional: true` left it required) or schema that is
 * no schema, and a completer for no parameter (+307 B together); `createRegistry` and a call
 * refuse `formats`, `host`, `toolsetFactory`, `strict`, `workingDirectory`, `meta`, `principal`
 * and `callId` of the wrong kind, which failed every call later or were ignored (+150 B); a
 * manifest built after its package was compiled says so, not "invalid manifest" (+11 B);
 * `registerSchema` refuses both `inputSchema` and `parameters`, and a `validate` that is no
 * function (+52 B); `createRegistry` refuses definitions that are no list, and options of
 * `null` where an object, a function or a string belongs (they threw raw TypeErrors) (+35 B)
 * (25,332 B); 25 KiB since a second audit of the programmable surface: `register()` refuses a
 * parameter's `required` or `description` of another type (`required: "false"` made it
 * required), a default that is no JSON data (a bigint failed every call, a `Map` reached the
 * model as `{}`), `annotations: []`, a `complete` that is no object of functions, a `content`
 * that is no boolean or stands beside an output schema; `createRegistry` refuses a definition
 * that is none and `onResourceUpdated` a listener that is no function (both failed later or
 * never), a call of a symbol's name is an outcome; a typed call refuses `NaN` and an Invalid
 * Date, which JSON wrote as null and a repair then dropped (+243 B together; checking a call's
 * `timeoutMs` with its other options saved 27 B); a registered schema's union of no member
 * (`anyOf: []`) and a map of schemas that is a list (`properties: [A]`, read as a property "0",
 * and left out by Gemini's projection) refused (+33 B) (25,581 B).
 */
export const BUNDLE_BUDGET_BYTES = 25 * 1024;
