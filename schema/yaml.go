package schema

import (
	"github.com/assertgen/assertgen/schema/funcschema"

	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Options control loading.
type Options struct {
	// Tags, when non-nil, is the list of valid tags (from tags.yaml); an
	// entry tag not in it is an error. When nil, tags are not checked.
	Tags []string
	// NoAutogen skips the expansion of autogen: (torchgen's
	// skip_native_fns_gen).
	NoAutogen bool
	// Version selects the release whose torchgen rules apply: "2.6" or
	// "1.13.1"; "" is the newest. An unknown version is an error.
	Version string
}

var ufuncKeys = map[string]bool{
	"CUDAFunctor": true, "CUDAFunctorOnOther": true, "CUDAFunctorOnSelf": true,
	"CPUScalar": true, "CPUVector": true, "ScalarOnly": true, "Generic": true,
}

// ParseTags reads a tags.yaml: a list of {tag, desc} with a non-empty desc.
func ParseTags(path string, src []byte) ([]string, error) {
	root, err := ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	var errs ErrorList
	if root == nil {
		errs.Add(Position{path, 1, 1}, "empty document")
		return nil, errs
	}
	var tags []string
	if root.Kind != yaml.SequenceNode {
		errs.Add(NodePos(path, root), "tags.yaml must be a list of {tag, desc} entries")
		return nil, errs.Err()
	}
	seen := map[string]bool{}
	for _, item := range root.Content {
		if item.Kind != yaml.MappingNode {
			errs.Add(NodePos(path, item), "tag entry is not a mapping")
			continue
		}
		var name, desc string
		var namePos Position
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			switch k.Value {
			case "tag":
				name, namePos = v.Value, NodePos(path, v)
			case "desc":
				desc = v.Value
			default:
				errs.Addf(NodePos(path, k), "unknown key %q in tag entry", k.Value)
			}
		}
		switch {
		case name == "":
			errs.Add(NodePos(path, item), "tag entry without a tag name")
		case strings.TrimSpace(desc) == "":
			errs.Addf(namePos, "tag %s has no desc", name)
		case seen[name]:
			errs.Addf(namePos, "duplicate tag %s", name)
		default:
			seen[name] = true
			tags = append(tags, name)
		}
	}
	return tags, errs.Err()
}

// A yamlText is a YAML file's path and text, for positions inside its
// values. Every loader maps an offset in a scalar to path:line:col with
// its valuePos, the one such mapping of the project.
type yamlText struct {
	path  string
	src   []byte
	lines []int // offsets of line starts, built when first needed
}

// valuePos returns the position of the byte at offset off of a scalar's
// value. It follows the source through quotes, escapes and line folding.
// off counts bytes of the value; the column counts bytes of the source,
// from 1.
func (l *yamlText) valuePos(n *yaml.Node, off int) Position {
	path, src := l.path, l.src
	pos := NodePos(path, n)
	if off == 0 {
		return pos
	}
	lineStart := l.lineOffset(n.Line)
	if lineStart < 0 {
		return pos.add(off)
	}
	i := lineStart + n.Column - 1
	switch n.Style {
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		i++ // the quote
	case yaml.LiteralStyle, yaml.FoldedStyle:
		return pos
	}
	line := n.Line
	for k := 0; k < off && i < len(src); {
		c := src[i]
		if b := breakLen(src, i, true); b > 0 {
			// A fold: the line break and the next line's indentation
			// stand for one space of the value.
			i += b
			line++
			lineStart = i
			for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
				i++
			}
			k++
			continue
		}
		switch {
		case c == '\\' && n.Style == yaml.DoubleQuotedStyle && i+1 < len(src):
			src, val := escapeLen(src[i+1:])
			i += src
			k += val
			continue
		case c == '\'' && n.Style == yaml.SingleQuotedStyle && i+1 < len(src) && src[i+1] == '\'':
			i += 2
			k++
			continue
		}
		_, w := utf8.DecodeRune(src[i:])
		i += w
		k += w
	}
	return Position{path, line, i - lineStart + 1}
}

// escapeLen returns the length in the source and in the value of the
// double-quoted escape whose letter starts esc: 2 and 1 for "n", 6 and 2
// for "u00e9".
func escapeLen(esc []byte) (src, val int) {
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[esc[0]]
	if digits == 0 {
		switch esc[0] {
		case 'N', '_':
			return 2, 2 // U+0085, U+00A0
		case 'L', 'P':
			return 2, 3 // U+2028, U+2029
		}
		return 2, 1
	}
	if len(esc) <= digits {
		return 2, 1 // cut short: yaml.v3 has refused it
	}
	r, err := strconv.ParseUint(string(esc[1:1+digits]), 16, 32)
	if err != nil || utf8.RuneLen(rune(r)) < 0 {
		return 2, 1
	}
	return 2 + digits, utf8.RuneLen(rune(r))
}

// lineOffset returns the byte offset of a 1-based line, or -1. The line
// index is built on first use: positions are only needed for errors.
func (l *yamlText) lineOffset(line int) int {
	if l.lines == nil {
		l.lines = lineStarts(l.src, true)
	}
	if line < 1 || line > len(l.lines) {
		return -1
	}
	return l.lines[line-1]
}

// entryValues are an entry's values by key, in written order; a slice
// beats a map for the dozen keys an entry has.
type entryValues []keyValue

type keyValue struct {
	key string
	v   *yaml.Node
}

func (ev entryValues) get(key string) *yaml.Node {
	for _, kv := range ev {
		if kv.key == key {
			return kv.v
		}
	}
	return nil
}

// yamlLoader holds the state of one ParseYAML call.
type yamlLoader struct {
	yamlText
	opts Options
	rel  *rules
	// badTags: the entry's tags: could not be read; the rules that need
	// a tag are not applied to it.
	badTags bool
	errs    ErrorList
	tags    map[string]bool
}

// ParseYAML loads a native_functions.yaml. It validates entries as torchgen
// of the release opts.Version selects does. It expands autogen: (unless
// opts.NoAutogen) and classifies every op. Errors are an ErrorList,
// sorted, with the position of the offending key or text.
func ParseYAML(path string, src []byte, opts Options) (*Schema, error) {
	rel, err := lookupRules(opts.Version)
	if err != nil {
		return nil, err
	}
	root, err := ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	l := &yamlLoader{yamlText: yamlText{path: path, src: src}, opts: opts, rel: rel}
	if opts.Tags != nil {
		l.tags = make(map[string]bool, len(opts.Tags))
		for _, t := range opts.Tags {
			l.tags[t] = true
		}
	}
	var entries []*Entry
	switch {
	case root == nil:
		l.errs.Add(Position{path, 1, 1}, "empty document")
	case root.Kind != yaml.SequenceNode:
		l.errs.Add(l.pos(root), "native_functions.yaml must be a list of entries")
	default:
		entries = make([]*Entry, 0, len(root.Content))
		for _, item := range root.Content {
			if e := l.entry(item); e != nil {
				entries = append(entries, e)
			}
		}
	}
	// The rules across entries run on what loaded; autogen runs only on a
	// valid file.
	l.checkEntries(entries)
	if len(l.errs) == 0 {
		s := &Schema{Path: path, Format: FormatYAML, Version: rel.Version, ValidTags: opts.Tags, Entries: entries}
		s.Ops = buildOps(rel, entries, !opts.NoAutogen, &l.errs)
		if len(l.errs) == 0 {
			return s, nil
		}
	}
	return nil, l.errs.Err()
}

func (l *yamlLoader) errorf(pos Position, format string, args ...any) {
	l.errs.Addf(pos, format, args...)
}

func (l *yamlLoader) pos(n *yaml.Node) Position { return NodePos(l.path, n) }

// str returns a scalar's string value, or reports that it is not one.
func (l *yamlLoader) str(key string, v *yaml.Node) (string, bool) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		l.errorf(l.pos(v), "%s must be a string", key)
		return "", false
	}
	return v.Value, true
}

func (l *yamlLoader) boolean(key string, v *yaml.Node) bool {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
		var b bool
		if err := v.Decode(&b); err == nil {
			return b
		}
	}
	l.errorf(l.pos(v), "%s must be True or False, found %s", key, describe(v))
	return false
}

func describe(v *yaml.Node) string {
	switch v.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	return strconv.Quote(v.Value)
}

// commaList splits "a, b" into its items, each with its byte offset.
func commaList(s string) (items []string, offs []int) {
	off := 0
	for _, part := range strings.Split(s, ",") {
		lead := len(part) - len(strings.TrimLeft(part, " "))
		items = append(items, strings.TrimSpace(part))
		offs = append(offs, off+lead)
		off += len(part) + 1
	}
	return items, offs
}

// stringItems reads a value that is a comma-separated string or a list of
// strings. pos gives the position of an item; it is computed only when
// needed, for errors.
func (l *yamlLoader) stringItems(key string, v *yaml.Node) (items []string, pos func(i int) Position) {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Value == "" {
			return nil, nil
		}
		its, offs := commaList(v.Value)
		return its, func(i int) Position { return l.valuePos(v, offs[i]) }
	case yaml.SequenceNode:
		var nodes []*yaml.Node
		for _, c := range v.Content {
			if s, ok := l.str(key+" item", c); ok {
				items = append(items, s)
				nodes = append(nodes, c)
			}
		}
		return items, func(i int) Position { return l.pos(nodes[i]) }
	default:
		l.errorf(l.pos(v), "%s must be a string or a list of strings", key)
	}
	return nil, nil
}

// tagItems reads the value of tags: as the release reads it. 1.13 takes a
// string of tags separated by ", ". 2.6 takes a list of tags, or a string
// that is one tag.
func (l *yamlLoader) tagItems(v *yaml.Node) (items []string, pos func(i int) Position) {
	r := l.rel
	if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
		if v.Value == "" {
			return nil, nil
		}
		if r.TagsList {
			return []string{v.Value}, func(int) Position { return l.pos(v) }
		}
		var offs []int
		off := 0
		for _, t := range strings.Split(v.Value, ", ") {
			items = append(items, t)
			offs = append(offs, off)
			off += len(t) + 2
		}
		return items, func(i int) Position { return l.valuePos(v, offs[i]) }
	}
	if v.Kind != yaml.SequenceNode || !r.TagsList {
		l.errorf(l.pos(v), "tags must be a string of tags separated by \", \" in %s, found %s%s", r, describe(v),
			r.elsewhere("a list is valid", func(o *rules) bool { return o.TagsList }))
		l.badTags = true
		return nil, nil
	}
	var nodes []*yaml.Node
	for _, c := range v.Content {
		if s, ok := l.str("tags item", c); ok {
			items = append(items, s)
			nodes = append(nodes, c)
		}
	}
	return items, func(i int) Position { return l.pos(nodes[i]) }
}

func (l *yamlLoader) entry(item *yaml.Node) *Entry {
	if item.Kind != yaml.MappingNode {
		l.errorf(l.pos(item), "entry is not a mapping (found %s); each entry starts with '- func: ...'", describe(item))
		return nil
	}
	e := &Entry{Pos: l.pos(item), Namespace: "aten", DeviceGuard: true, DeviceCheck: "ExactSame",
		Keys: make([]Key, 0, len(item.Content)/2)}
	var funcNode *yaml.Node
	values := make(entryValues, 0, len(item.Content)/2)
	for i := 0; i+1 < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			l.errorf(l.pos(k), "entry key is not a string")
			continue
		}
		if p, dup := e.keyPos(k.Value); dup {
			l.errorf(l.pos(k), "duplicate key %s (first at line %d)", k.Value, p.Line)
			continue
		}
		e.Keys = append(e.Keys, Key{k.Value, l.pos(k)})
		values = append(values, keyValue{k.Value, v})
		switch k.Value {
		case "func":
			funcNode = v
		case "variants", "dispatch", "autogen", "structured", "structured_delegate",
			"structured_inherits", "device_check", "device_guard", "python_module",
			"category_override", "manual_kernel_registration", "manual_cpp_binding",
			"precomputed", "ufunc_inner_loop", "cpp_no_default_args",
			"use_const_ref_for_mutable_tensors", "tags":
		default:
			l.errorf(l.pos(k), "unknown key %q", k.Value)
		}
	}
	if funcNode == nil {
		l.errorf(e.Pos, "entry has no func key")
		return nil
	}
	text, ok := l.str("func", funcNode)
	if !ok {
		return nil
	}
	e.FuncText, e.FuncPos = text, l.pos(funcNode)
	schemaText := text
	nsOff := 0
	if ns, rest, found := CutNamespace(text); found {
		if funcschema.IdentLen(ns) != len(ns) {
			l.errorf(e.FuncPos, "invalid namespace %q", ns)
			return nil
		}
		e.Namespace, schemaText, nsOff = ns, rest, len(ns)+2
	}
	f, err := ParseFunc(schemaText)
	if err != nil {
		se := err.(*SyntaxError)
		l.errorf(l.valuePos(funcNode, nsOff+se.Offset), "%s", se.Msg)
		return nil
	}
	e.Func = f
	l.checkBaseTypes(f, funcNode, nsOff)
	for _, a := range f.Args() {
		if l.rel.reserved[a.Name] && !slices.Contains(l.rel.ReservedArgExceptions, f.Name.String()+" "+a.Name) {
			l.errorf(l.valuePos(funcNode, nsOff+a.Offset), "%s: argument name %s is a Python keyword, which torchgen of %s rejects%s",
				f.Name, a.Name, l.rel, l.rel.elsewhere("accepted", func(o *rules) bool { return !o.reserved[a.Name] }))
		}
	}
	l.keys(e, values)
	return e
}

// keys reads every key but func into e, validating each as torchgen does.
func (l *yamlLoader) keys(e *Entry, values entryValues) {
	l.badTags = false
	l.scalarKeys(e, values)
	l.listKeys(e, values)
	if v := values.get("ufunc_inner_loop"); v != nil {
		l.ufunc(e, v)
	}
	if v := values.get("dispatch"); v != nil {
		l.dispatch(e, v)
	}
	l.checkEntry(e)
}

// scalarKeys reads variants and the keys whose values are one string or
// boolean.
func (l *yamlLoader) scalarKeys(e *Entry, values entryValues) {
	e.Variants = []string{"function"}
	if v := values.get("variants"); v != nil {
		if s, ok := l.str("variants", v); ok {
			e.Variants = nil
			items, offs := commaList(s)
			for i, it := range items {
				if it != "function" && it != "method" {
					l.errorf(l.valuePos(v, offs[i]), "illegal variant %q (want function or method)", it)
					continue
				}
				e.Variants = append(e.Variants, it)
			}
		}
	}
	boolKey := func(key string, dst *bool) {
		if v := values.get(key); v != nil {
			*dst = l.boolean(key, v)
		}
	}
	strKey := func(key string, dst *string) {
		if v := values.get(key); v != nil {
			if s, ok := l.str(key, v); ok {
				*dst = s
			}
		}
	}
	boolKey("structured", &e.Structured)
	boolKey("device_guard", &e.DeviceGuard)
	boolKey("manual_kernel_registration", &e.ManualKernelRegistration)
	boolKey("manual_cpp_binding", &e.ManualCppBinding)
	boolKey("use_const_ref_for_mutable_tensors", &e.UseConstRefForMutableTensors)
	strKey("structured_delegate", &e.StructuredDelegate)
	strKey("structured_inherits", &e.StructuredInherits)
	strKey("python_module", &e.PythonModule)
	strKey("category_override", &e.CategoryOverride)
	if v := values.get("device_check"); v != nil {
		if s, ok := l.str("device_check", v); ok {
			if s != "ExactSame" && s != "NoCheck" {
				l.errorf(l.pos(v), "device_check must be ExactSame or NoCheck, found %q", s)
			} else {
				e.DeviceCheck = s
			}
		}
	}
	if v := values.get("structured_delegate"); v != nil && e.StructuredDelegate != "" {
		if strings.Contains(e.StructuredDelegate, "::") {
			l.errorf(l.pos(v), "structured_delegate cannot name a namespace")
		} else if _, err := ParseOperatorName(e.StructuredDelegate); err != nil {
			l.errorf(l.pos(v), "structured_delegate: %v", err.(*SyntaxError).Msg)
		}
	}
	if v := values.get("structured_inherits"); v != nil && strings.Contains(e.StructuredInherits, "::") {
		l.errorf(l.pos(v), "structured_inherits cannot name a namespace")
	}
	if v := values.get("python_module"); v != nil && e.PythonModule != "" && slices.Contains(e.Variants, "method") {
		l.errorf(l.pos(v), "%s: functions in a python_module cannot be methods", e.Func.Name)
	}
}

// listKeys reads the keys whose values are lists: tags,
// cpp_no_default_args, precomputed and autogen.
func (l *yamlLoader) listKeys(e *Entry, values entryValues) {
	if v := values.get("tags"); v != nil {
		items, pos := l.tagItems(v)
		for i, t := range items {
			if l.tags != nil && !l.tags[t] {
				l.errorf(pos(i), "unknown tag %q (not in tags.yaml)", t)
				continue
			}
			if !e.HasTag(t) {
				e.Tags = append(e.Tags, t)
			}
		}
	}
	for _, t := range l.rel.ImpliedTags {
		if e.Namespace == "aten" && l.tags[t] && !e.HasTag(t) {
			e.Tags = append(e.Tags, t)
		}
	}
	if l.rel.KindTags {
		for _, t := range kindTags(e.Func) {
			if l.tags[t] && !e.HasTag(t) {
				e.Tags = append(e.Tags, t)
			}
		}
	}
	if v := values.get("cpp_no_default_args"); v != nil {
		items, pos := l.stringItems("cpp_no_default_args", v)
		for i, a := range items {
			if arg := e.Func.Arg(a); arg == nil || !arg.HasDefault {
				l.errorf(pos(i), "cpp_no_default_args: %s is not an argument with a default", a)
			}
		}
		e.CppNoDefaultArgs = items
	}
	if v := values.get("precomputed"); v != nil {
		if v.Kind != yaml.SequenceNode {
			l.errorf(l.pos(v), "precomputed must be a list of strings")
		} else {
			for _, c := range v.Content {
				if s, ok := l.str("precomputed item", c); ok {
					e.Precomputed = append(e.Precomputed, s)
				}
			}
		}
		if !e.Structured {
			l.errorf(e.KeyPos("precomputed"), "%s: precomputed requires structured: True", e.Func.Name)
		}
	}
	if v := values.get("autogen"); v != nil {
		if s, ok := l.str("autogen", v); ok && s != "" {
			items, offs := commaList(s)
			for i, it := range items {
				n, err := ParseOperatorName(it)
				if err != nil {
					l.errorf(l.valuePos(v, offs[i]), "autogen: %s", err.(*SyntaxError).Msg)
					continue
				}
				e.Autogen = append(e.Autogen, n)
			}
		}
	}
}

func (l *yamlLoader) ufunc(e *Entry, v *yaml.Node) {
	parse := func(key string, n *yaml.Node) {
		s, ok := l.str("ufunc_inner_loop", n)
		if !ok {
			return
		}
		name, rest, found := strings.Cut(s, " ")
		if !found || !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
			l.errorf(l.pos(n), "ufunc_inner_loop must read \"name (dtypes)\", found %q", s)
			return
		}
		items, _ := commaList(rest[1 : len(rest)-1])
		e.UfuncInnerLoop = append(e.UfuncInnerLoop, UfuncInnerLoop{Key: key, Name: name, Dtypes: items})
	}
	switch v.Kind {
	case yaml.ScalarNode:
		parse("Generic", v)
	case yaml.MappingNode:
		for i := 0; i+1 < len(v.Content); i += 2 {
			k := v.Content[i]
			if !ufuncKeys[k.Value] {
				l.errorf(l.pos(k), "unknown ufunc key %q", k.Value)
				continue
			}
			parse(k.Value, v.Content[i+1])
		}
	default:
		l.errorf(l.pos(v), "ufunc_inner_loop must be a string or a mapping")
	}
	if !e.Structured {
		l.errorf(e.KeyPos("ufunc_inner_loop"), "%s: ufunc_inner_loop requires structured: True", e.Func.Name)
	}
}

func (l *yamlLoader) dispatch(e *Entry, v *yaml.Node) {
	name := e.Func.Name.String()
	if v.Kind != yaml.MappingNode {
		l.errorf(l.pos(v), "dispatch must be a mapping from dispatch keys to kernel names")
		return
	}
	e.DispatchSet = true
	if e.ManualKernelRegistration {
		l.errorf(e.KeyPos("dispatch"), "%s: dispatch has no effect with manual_kernel_registration: True; remove one", name)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, kv := v.Content[i], v.Content[i+1]
		kernel, ok := l.str("dispatch kernel", kv)
		if !ok {
			continue
		}
		if k.Kind != yaml.ScalarNode {
			l.errorf(l.pos(k), "dispatch key is not a string")
			continue
		}
		d := DispatchEntry{Kernel: kernel, Pos: l.pos(k)}
		if n := strings.Count(kernel, "::"); n > l.rel.KernelNamespaces {
			l.errorf(l.pos(kv), "kernel %s has %d namespace levels; %s allows at most %d%s", kernel, n, l.rel, l.rel.KernelNamespaces,
				l.rel.elsewhere("valid", func(o *rules) bool { return n <= o.KernelNamespaces }))
		}
		items, offs := commaList(k.Value)
		r := l.rel
		for j, key := range items {
			p := func() Position { return l.valuePos(k, offs[j]) }
			hint := func() string {
				return r.elsewhere("valid", func(o *rules) bool { return o.accepted[key] })
			}
			switch {
			case r.accepted[key]:
			case r.enum[key]:
				l.errorf(p(), "dispatch key %s is not supported in native_functions.yaml by %s%s", key, r, hint())
				continue
			default:
				l.errorf(p(), "unknown dispatch key %q in %s%s", key, r, hint())
				continue
			}
			if seen[key] {
				l.errorf(p(), "dispatch key %s appears twice", key)
				continue
			}
			seen[key] = true
			d.Keys = append(d.Keys, key)
		}
		e.Dispatch = append(e.Dispatch, d)
	}
	composites := 0
	for _, k := range []string{CompositeExplicitAutograd, CompositeExplicitAutogradNonFunctional, CompositeImplicitAutograd, CompositeImplicitAutogradNestedTensor} {
		if seen[k] {
			composites++
		}
	}
	if composites > 1 && !(composites == 2 && seen[CompositeImplicitAutogradNestedTensor] && !seen[CompositeExplicitAutogradNonFunctional]) {
		l.errorf(e.KeyPos("dispatch"), "%s: at most one of CompositeExplicitAutograd, CompositeExplicitAutogradNonFunctional and CompositeImplicitAutograd; each subsumes the others", name)
	}
	if e.StructuredDelegate != "" {
		for _, k := range l.rel.StructuredKeys {
			if seen[k] {
				l.errorf(e.KeyPos("dispatch"), "%s: a structured_delegate op must not have a %s kernel (it is delegated)", name, k)
			}
		}
	}
	if len(e.UfuncInnerLoop) > 0 {
		for _, k := range []string{"CPU", "CUDA"} {
			if seen[k] {
				l.errorf(e.KeyPos("dispatch"), "%s: a ufunc op must not have an explicit %s kernel", name, k)
			}
		}
	}
}

// checkEntry applies torchgen's per-entry rules (NativeFunction.__post_init__).
func (l *yamlLoader) checkEntry(e *Entry) {
	f := e.Func
	name := f.Name.String()
	kind := f.Kind()
	if len(f.Out) > 0 && !(len(e.Variants) == 1 && e.Variants[0] == "function") {
		l.errorf(e.KeyPos("variants"), "%s: ops with out arguments must have variants: function only", name)
	}
	if e.UseConstRefForMutableTensors && len(f.Out) > 0 && l.rel.ConstRefNoOut {
		l.errorf(e.KeyPos("use_const_ref_for_mutable_tensors"), "%s: use_const_ref_for_mutable_tensors is not allowed on ops with out arguments in %s%s",
			name, l.rel, l.rel.elsewhere("accepted", func(o *rules) bool { return !o.ConstRefNoOut }))
	}
	if e.Structured {
		if kind != Out {
			l.errorf(e.KeyPos("structured"), "%s: structured belongs on the out= variant%s", name, Suggest("structured_delegate"))
		}
		if !e.DeviceGuard {
			l.errorf(e.KeyPos("device_guard"), "%s: device_guard: False is not respected by structured kernels", name)
		}
	}
	if e.StructuredDelegate != "" {
		if kind == Out {
			l.errorf(e.KeyPos("structured_delegate"), "%s: structured_delegate is not allowed on out= ops%s", name, Suggest("structured"))
		}
		if !e.DeviceGuard {
			l.errorf(e.KeyPos("device_guard"), "%s: device_guard: False is not respected by structured kernels", name)
		}
	}
	if e.StructuredInherits != "" && !e.Structured {
		l.errorf(e.KeyPos("structured_inherits"), "%s: structured_inherits requires structured: True", name)
	}
	if strings.HasPrefix(name, "_foreach") && e.DeviceCheck != "NoCheck" {
		l.errorf(e.KeyPos("device_check"), "%s: foreach ops must have device_check: NoCheck", name)
	}
	argDropout := false
	for _, a := range f.Args() {
		argDropout = argDropout || l.rel.DropoutArgSeeded && strings.Contains(a.Name, "dropout")
	}
	notDropout := strings.Contains(name, "backward") || f.Name.Name.String() == "_cudnn_init_dropout_state"
	byName := strings.Contains(name, "rand") || strings.Contains(name, "dropout") && !notDropout || f.HasGenerator()
	seeded := byName || argDropout && !notDropout
	if seeded && !l.badTags && !e.HasTag("nondeterministic_seeded") && (l.tags == nil || l.tags["nondeterministic_seeded"]) {
		what, hint := "rand/dropout in the name", ""
		if l.rel.DropoutArgSeeded {
			what = "rand/dropout in the name, dropout in an argument name"
		}
		if !byName {
			hint = l.rel.elsewhere("accepted", func(o *rules) bool { return !o.DropoutArgSeeded })
		}
		l.errorf(e.KeyPos("tags"), "%s: random ops (%s, or a Generator argument) need the nondeterministic_seeded tag%s", name, what, hint)
	}

	if !e.DispatchSet && !e.Structured && e.StructuredDelegate == "" {
		base := f.Name.Name.String()
		if strings.HasPrefix(base, "new_") || strings.HasSuffix(base, "_like") || (f.HasTensorOptions() && !hasTensorArg(f)) {
			l.errorf(e.FuncPos, "%s: a factory function needs a CompositeExplicitAutograd dispatch entry, not an implicit one", name)
		}
	}
}

// hasTensorArg reports whether f has a tensor argument (positional or
// keyword-only).
func hasTensorArg(f *Func) bool {
	tensor := func(a Argument) bool { return a.Type.IsTensorLike() }
	return slices.ContainsFunc(f.Positional, tensor) || slices.ContainsFunc(f.KwargOnly, tensor)
}

// checkEntries applies the rules that span entries: unique names,
// structured delegates, inplace_view naming.
func (l *yamlLoader) checkEntries(entries []*Entry) {
	byName := make(map[string]*Entry, len(entries))
	bases := make(map[string]bool, len(entries))
	for _, e := range entries {
		n := e.Func.Name.String()
		if first, dup := byName[n]; dup {
			l.errorf(e.FuncPos, "duplicate operator name %s (first declared at line %d)", n, first.FuncPos.Line)
			continue
		}
		byName[n] = e
		bases[e.Func.Name.Name.String()] = true
	}
	for _, e := range entries {
		if d := e.StructuredDelegate; d != "" {
			de := byName[d]
			switch {
			case de == nil:
				l.errorf(e.KeyPos("structured_delegate"), "structured_delegate %s: no such operator", d)
			case !de.Structured:
				l.errorf(e.KeyPos("structured_delegate"), "structured_delegate %s is not marked structured: True", d)
			}
		}
		r := l.rel
		if e.HasTag("inplace_view") && !slices.Contains(r.InplaceViewNamingExempt, e.Func.Name.String()) &&
			!slices.Contains(r.InplaceViewNamingExemptBases, e.Func.Name.Name.String()) {
			b := e.Func.Name.Name
			if !b.Inplace {
				l.errorf(e.KeyPos("tags"), "%s is tagged inplace_view but its name does not end in '_'", e.Func.Name)
			} else if out := (BaseName{Base: b.Base, Dunder: b.Dunder}).String(); !bases[out] {
				l.errorf(e.KeyPos("tags"), "%s is tagged inplace_view but there is no out-of-place view op %s", e.Func.Name, out)
			}
		}
	}
}

// kindTags are the tags a release with KindTags gives an op for its kind.
// An op with out arguments gets out (torchgen's is_out_fn, scratch ops
// included). An op whose base name is in-place gets inplace.
func kindTags(f *Func) []string {
	var tags []string
	if len(f.Out) > 0 {
		tags = append(tags, "out")
	}
	if f.Name.Name.Inplace {
		tags = append(tags, "inplace")
	}
	return tags
}

// checkBaseTypes reports, at the type, the base types of f's arguments and
// returns that the release's torchgen does not have (Dimname in 2.14).
func (l *yamlLoader) checkBaseTypes(f *Func, funcNode *yaml.Node, nsOff int) {
	if len(l.rel.goneTypes) == 0 {
		return
	}
	check := func(t *Type, off int) {
		for t.Kind == OptionalKind || t.Kind == ListKind {
			t = t.Elem
		}
		if t.Kind == BaseKind && l.rel.goneTypes[t.Base] {
			l.errorf(l.valuePos(funcNode, nsOff+off), "%s: %s is not a type in %s%s", f.Name, t.Base, l.rel,
				l.rel.elsewhere("a type", func(o *rules) bool { return !o.goneTypes[t.Base] }))
		}
	}
	for _, a := range f.Args() {
		check(a.Type, a.Offset)
	}
	for i := range f.Returns {
		check(f.Returns[i].Type, f.Returns[i].Offset)
	}
}
