package parser

import (
	"strings"
)

// SrunExport returns the value of the --export option of the srun at
// argv[i] (the last one, as srun reads them: --export=V or --export V),
// read with the option rules wrapperSkip skips srun's options by. ok is
// false when srun passes none, or when an option before the command is
// not statically known (the export may hide behind it).
func SrunExport(argv []string, i int) (export string, ok bool) {
	v, found, known := srunOption(argv, i, "--export")
	return v, found && known
}

// SrunContainer reports whether the srun at argv[i] may run its step in a
// container (pyxis' --container-image, or --container-name: one an
// earlier step made from an image), whose ENV may set what the step's
// environment lacks; true too when an option is not statically known.
func SrunContainer(argv []string, i int) bool {
	for _, name := range []string{"--container-image", "--container-name"} {
		if _, found, known := srunOption(argv, i, name); found || !known {
			return true
		}
	}
	return false
}

// srunOption returns the value of the last option name (--name=V or
// --name V) of the srun at argv[i]. known is false when an option before
// the command, or the option's value, is not statically known.
func srunOption(argv []string, i int, name string) (v string, found, known bool) {
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		if a == Unknown {
			return "", false, false
		}
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		if val, cut := strings.CutPrefix(a, name+"="); cut {
			v, found = val, true
			continue
		}
		if strings.Contains(a, "=") {
			continue
		}
		if a == name {
			if j+1 >= len(argv) || argv[j+1] == Unknown {
				return "", false, false
			}
			j++
			v, found = argv[j], true
			continue
		}
		if strings.HasPrefix(a, "--") && !srunBareLong[a] || len(a) == 2 && strings.ContainsRune(srunValuedShort, rune(a[1])) {
			j++ // the option's value
		}
	}
	return v, found, true
}

// SrunExportEnv applies srun's --export=V to the caller's exported
// variables base (Slurm's srun(1)): NONE hands the step only the SLURM_*
// variables; a list without ALL hands those and the ones it names, K
// with the caller's value, K=V with V; ALL,LIST hands every variable and
// K=V for a K the caller does not export (the manual gives the caller's
// value precedence where both are: such a K is left out, not known). ok
// is false when V is not one srun accepts (NONE with names, an empty
// item): nothing is known.
func SrunExportEnv(v string, base map[string]string) (map[string]string, bool) {
	items := strings.Split(v, ",")
	all, none := false, false
	for _, it := range items {
		switch {
		case strings.EqualFold(it, "ALL"):
			all = true
		case strings.EqualFold(it, "NONE"):
			none = true
		case it == "":
			return nil, false
		}
	}
	if none && (len(items) > 1 || all) {
		return nil, false
	}
	out := map[string]string{}
	for k, val := range base {
		if all || strings.HasPrefix(k, "SLURM_") {
			out[k] = val
		}
	}
	for _, it := range items {
		if strings.EqualFold(it, "ALL") || strings.EqualFold(it, "NONE") {
			continue
		}
		k, val, set := strings.Cut(it, "=")
		if !isName(k) {
			return nil, false
		}
		_, had := base[k]
		switch {
		case !set && !all:
			if had {
				out[k] = base[k]
			}
		case set && all && had:
			delete(out, k) // the caller's value or V: not known
		case set:
			out[k] = val
		}
	}
	return out, true
}

// srunWithholds reports whether the srun at argv[i] starts its step
// without the caller's variable k: --export=NONE, or a list without ALL
// that does not name k alone (K=V hands V, not the caller's value).
func srunWithholds(argv []string, i int, k string) bool {
	v, ok := SrunExport(argv, i)
	if !ok {
		return false
	}
	env, ok := SrunExportEnv(v, map[string]string{k: "\x00"})
	if !ok {
		return false
	}
	got, handed := env[k]
	return !handed || got != "\x00"
}
