// Code copied from github.com/gobuffalo/flect v1.0.3 (plural_rules.go and
// acronyms.go), MIT License, Copyright (c) 2019 Mark Bates. Only the data
// is copied; plural.go builds flect's tables from it on first use.
// TestSameAsFlect compares the results with flect itself.

package plural

// word is flect's dictionary entry.
type word struct {
	singular       string
	plural         string
	alternative    string
	unidirectional bool // plural to singular is not possible (or bad)
	uncountable    bool
	exact          bool
}

// dictionary is the main table for singularize and pluralize (flect also
// singularizes; only plurals are built here). Its words fill singleToPlural,
// pluralToSingle and, unless exact, the suffix rules.
var dictionary = []word{
	// identicals https://en.wikipedia.org/wiki/English_plurals#Nouns_with_identical_singular_and_plural
	{singular: "aircraft", plural: "aircraft"},
	{singular: "beef", plural: "beef", alternative: "beefs"},
	{singular: "bison", plural: "bison"},
	{singular: "blues", plural: "blues", unidirectional: true},
	{singular: "chassis", plural: "chassis"},
	{singular: "deer", plural: "deer"},
	{singular: "fish", plural: "fish", alternative: "fishes"},
	{singular: "moose", plural: "moose"},
	{singular: "police", plural: "police"},
	{singular: "salmon", plural: "salmon", alternative: "salmons"},
	{singular: "series", plural: "series"},
	{singular: "sheep", plural: "sheep"},
	{singular: "shrimp", plural: "shrimp", alternative: "shrimps"},
	{singular: "species", plural: "species"},
	{singular: "swine", plural: "swine", alternative: "swines"},
	{singular: "trout", plural: "trout", alternative: "trouts"},
	{singular: "tuna", plural: "tuna", alternative: "tunas"},
	{singular: "you", plural: "you"},
	// -en https://en.wikipedia.org/wiki/English_plurals#Plurals_in_-(e)n
	{singular: "child", plural: "children"},
	{singular: "ox", plural: "oxen", exact: true},
	// apophonic https://en.wikipedia.org/wiki/English_plurals#Apophonic_plurals
	{singular: "foot", plural: "feet"},
	{singular: "goose", plural: "geese"},
	{singular: "man", plural: "men"},
	{singular: "human", plural: "humans"}, // not humen
	{singular: "louse", plural: "lice", exact: true},
	{singular: "mouse", plural: "mice"},
	{singular: "tooth", plural: "teeth"},
	{singular: "woman", plural: "women"},
	// misc https://en.wikipedia.org/wiki/English_plurals#Miscellaneous_irregular_plurals
	{singular: "die", plural: "dice", exact: true},
	{singular: "person", plural: "people"},

	// Words from French that end in -u add an x; in addition to eau to eaux rule
	{singular: "adieu", plural: "adieux", alternative: "adieus"},
	{singular: "fabliau", plural: "fabliaux"},
	{singular: "bureau", plural: "bureaus", alternative: "bureaux"}, // popular

	// Words from Greek that end in -on change -on to -a; in addition to hedron rule
	{singular: "criterion", plural: "criteria"},
	{singular: "ganglion", plural: "ganglia", alternative: "ganglions"},
	{singular: "lexicon", plural: "lexica", alternative: "lexicons"},
	{singular: "mitochondrion", plural: "mitochondria", alternative: "mitochondrions"},
	{singular: "noumenon", plural: "noumena"},
	{singular: "phenomenon", plural: "phenomena"},
	{singular: "taxon", plural: "taxa"},

	// Words from Latin that end in -um change -um to -a; in addition to some rules
	{singular: "media", plural: "media"}, // popular case: media -> media
	{singular: "medium", plural: "media", alternative: "mediums", unidirectional: true},
	{singular: "stadium", plural: "stadiums", alternative: "stadia"},
	{singular: "aquarium", plural: "aquaria", alternative: "aquariums"},
	{singular: "auditorium", plural: "auditoria", alternative: "auditoriums"},
	{singular: "symposium", plural: "symposia", alternative: "symposiums"},
	{singular: "curriculum", plural: "curriculums", alternative: "curricula"}, // ulum
	{singular: "quota", plural: "quotas"},

	// Words from Latin that end in -us change -us to -i or -era
	{singular: "alumnus", plural: "alumni", alternative: "alumnuses"}, // -i
	{singular: "bacillus", plural: "bacilli"},
	{singular: "cactus", plural: "cacti", alternative: "cactuses"},
	{singular: "coccus", plural: "cocci"},
	{singular: "focus", plural: "foci", alternative: "focuses"},
	{singular: "locus", plural: "loci", alternative: "locuses"},
	{singular: "nucleus", plural: "nuclei", alternative: "nucleuses"},
	{singular: "octopus", plural: "octupuses", alternative: "octopi"},
	{singular: "radius", plural: "radii", alternative: "radiuses"},
	{singular: "syllabus", plural: "syllabi"},
	{singular: "corpus", plural: "corpora", alternative: "corpuses"}, // -ra
	{singular: "genus", plural: "genera"},

	// Words from Latin that end in -a change -a to -ae
	{singular: "alumna", plural: "alumnae"},
	{singular: "vertebra", plural: "vertebrae"},
	{singular: "differentia", plural: "differentiae"}, // -tia
	{singular: "minutia", plural: "minutiae"},
	{singular: "vita", plural: "vitae"},   // -ita
	{singular: "larva", plural: "larvae"}, // -va
	{singular: "postcava", plural: "postcavae"},
	{singular: "praecava", plural: "praecavae"},
	{singular: "uva", plural: "uvae"},

	// Words from Latin that end in -ex change -ex to -ices
	{singular: "apex", plural: "apices", alternative: "apexes"},
	{singular: "codex", plural: "codices", alternative: "codexes"},
	{singular: "index", plural: "indices", alternative: "indexes"},
	{singular: "latex", plural: "latices", alternative: "latexes"},
	{singular: "vertex", plural: "vertices", alternative: "vertexes"},
	{singular: "vortex", plural: "vortices", alternative: "vortexes"},

	// Words from Latin that end in -ix change -ix to -ices (eg, matrix becomes matrices)
	{singular: "appendix", plural: "appendices", alternative: "appendixes"},
	{singular: "radix", plural: "radices", alternative: "radixes"},
	{singular: "helix", plural: "helices", alternative: "helixes"},

	// Words from Latin that end in -is change -is to -es
	{singular: "axis", plural: "axes", exact: true},
	{singular: "crisis", plural: "crises"},
	{singular: "ellipsis", plural: "ellipses", unidirectional: true}, // ellipse
	{singular: "genesis", plural: "geneses"},
	{singular: "oasis", plural: "oases"},
	{singular: "thesis", plural: "theses"},
	{singular: "testis", plural: "testes"},
	{singular: "base", plural: "bases"}, // popular case
	{singular: "basis", plural: "bases", unidirectional: true},

	{singular: "alias", plural: "aliases", exact: true}, // no alia, no aliasis
	{singular: "vedalia", plural: "vedalias"},           // no vedalium, no vedaliases

	// Words that end in -ch, -o, -s, -sh, -x, -z (can be conflict with the others)
	{singular: "use", plural: "uses", exact: true}, // us vs use
	{singular: "abuse", plural: "abuses"},
	{singular: "cause", plural: "causes"},
	{singular: "clause", plural: "clauses"},
	{singular: "cruse", plural: "cruses"},
	{singular: "excuse", plural: "excuses"},
	{singular: "fuse", plural: "fuses"},
	{singular: "house", plural: "houses"},
	{singular: "misuse", plural: "misuses"},
	{singular: "muse", plural: "muses"},
	{singular: "pause", plural: "pauses"},
	{singular: "ache", plural: "aches"},
	{singular: "topaz", plural: "topazes"},
	{singular: "buffalo", plural: "buffaloes", alternative: "buffalos"},
	{singular: "potato", plural: "potatoes"},
	{singular: "tomato", plural: "tomatoes"},

	// uncountables
	{singular: "equipment", uncountable: true},
	{singular: "information", uncountable: true},
	{singular: "jeans", uncountable: true},
	{singular: "money", uncountable: true},
	{singular: "news", uncountable: true},
	{singular: "rice", uncountable: true},

	// exceptions: -f to -ves, not -fe
	{singular: "dwarf", plural: "dwarfs", alternative: "dwarves"},
	{singular: "hoof", plural: "hoofs", alternative: "hooves"},
	{singular: "thief", plural: "thieves"},
	// exceptions: instead of -f(e) to -ves
	{singular: "chive", plural: "chives"},
	{singular: "hive", plural: "hives"},
	{singular: "move", plural: "moves"},

	// exceptions: instead of -y to -ies
	{singular: "movie", plural: "movies"},
	{singular: "cookie", plural: "cookies"},

	// exceptions: instead of -um to -a
	{singular: "pretorium", plural: "pretoriums"},
	{singular: "agenda", plural: "agendas"}, // instead of plural of agendum
	// exceptions: instead of -um to -a (chemical element names)

	// Words from Latin that end in -a change -a to -ae
	{singular: "formula", plural: "formulas", alternative: "formulae"}, // also -um/-a

	// exceptions: instead of -o to -oes
	{singular: "shoe", plural: "shoes"},
	{singular: "toe", plural: "toes", exact: true},
	{singular: "graffiti", plural: "graffiti"},

	// abbreviations
	{singular: "ID", plural: "IDs", exact: true},
}

type singularToPluralSuffix struct {
	singular string
	plural   string
}

// singularToPluralSuffixList is a list of "bidirectional" suffix rules for
// the irregular plurals follow such rules.
//
// NOTE: IMPORTANT! The order of items in this list is the rule priority, not
// alphabet order. The first match will be used to inflect.
var singularToPluralSuffixList = []singularToPluralSuffix{
	// https://en.wiktionary.org/wiki/Appendix:English_irregular_nouns#Rules
	// Words that end in -f or -fe change -f or -fe to -ves
	{"tive", "tives"}, // exception
	{"eaf", "eaves"},
	{"oaf", "oaves"},
	{"afe", "aves"},
	{"arf", "arves"},
	{"rfe", "rves"},
	{"rf", "rves"},
	{"lf", "lves"},
	{"fe", "ves"}, // previously '[a-eg-km-z]fe' TODO: regex support

	// Words that end in -y preceded by a consonant change -y to -ies
	{"ay", "ays"},
	{"ey", "eys"},
	{"oy", "oys"},
	{"quy", "quies"},
	{"uy", "uys"},
	{"y", "ies"}, // '[^aeiou]y'

	// Words from French that end in -u add an x (eg, château becomes châteaux)
	{"eau", "eaux"}, // it seems like 'eau' is the most popular form of this rule

	// Words from Latin that end in -a change -a to -ae; before -on to -a and -um to -a
	{"bula", "bulae"},
	{"dula", "bulae"},
	{"lula", "bulae"},
	{"nula", "bulae"},
	{"vula", "bulae"},

	// Words from Greek that end in -on change -on to -a (eg, polyhedron becomes polyhedra)
	// https://en.wiktionary.org/wiki/Category:English_irregular_plurals_ending_in_"-a"
	{"hedron", "hedra"},

	// Words from Latin that end in -um change -um to -a (eg, minimum becomes minima)
	// https://en.wiktionary.org/wiki/Category:English_irregular_plurals_ending_in_"-a"
	{"ium", "ia"}, // some exceptions especially chemical element names
	{"seum", "seums"},
	{"eum", "ea"},
	{"oum", "oa"},
	{"stracum", "straca"},
	{"dum", "da"},
	{"elum", "ela"},
	{"ilum", "ila"},
	{"olum", "ola"},
	{"ulum", "ula"},
	{"llum", "lla"},
	{"ylum", "yla"},
	{"imum", "ima"},
	{"ernum", "erna"},
	{"gnum", "gna"},
	{"brum", "bra"},
	{"crum", "cra"},
	{"terum", "tera"},
	{"serum", "sera"},
	{"trum", "tra"},
	{"antum", "anta"},
	{"atum", "ata"},
	{"entum", "enta"},
	{"etum", "eta"},
	{"itum", "ita"},
	{"otum", "ota"},
	{"utum", "uta"},
	{"ctum", "cta"},
	{"ovum", "ova"},

	// Words from Latin that end in -us change -us to -i or -era
	// not easy to make a simple rule. just add them all to the dictionary

	// Words from Latin that end in -ex change -ex to -ices (eg, vortex becomes vortices)
	// Words from Latin that end in -ix change -ix to -ices (eg, matrix becomes matrices)
	//    for example, -dix, -dex, and -dice will have the same plural form so
	//    making a simple rule is not possible for them
	{"trix", "trices"}, // ignore a few words end in trice

	// Words from Latin that end in -is change -is to -es (eg, thesis becomes theses)
	// -sis and -se has the same plural -ses so making a rule is not easy too.
	{"iasis", "iases"},
	{"mesis", "meses"},
	{"kinesis", "kineses"},
	{"resis", "reses"},
	{"gnosis", "gnoses"}, // e.g. diagnosis
	{"opsis", "opses"},   // e.g. synopsis
	{"ysis", "yses"},     // e.g. analysis

	// Words that end in -ch, -o, -s, -sh, -x, -z
	{"ouse", "ouses"},
	{"lause", "lauses"},
	{"us", "uses"}, // use/uses is in the dictionary

	{"ch", "ches"},
	{"io", "ios"},
	{"sh", "shes"},
	{"ss", "sses"},
	{"ez", "ezzes"},
	{"iz", "izzes"},
	{"tz", "tzes"},
	{"zz", "zzes"},
	{"ano", "anos"},
	{"lo", "los"},
	{"to", "tos"},
	{"oo", "oos"},
	{"o", "oes"},
	{"x", "xes"},

	// for abbreviations
	{"S", "Ses"},

	// excluded rules: seems rare
	// Words from Hebrew that add -im or -ot (eg, cherub becomes cherubim)
	// - cherub (cherubs or cherubim), seraph (seraphs or seraphim)
	// Words from Greek that end in -ma change -ma to -mata
	// - The most of words end in -ma are in this category but it looks like
	//   just adding -s is more popular.
	// Words from Latin that end in -nx change -nx to -nges
	// - The most of words end in -nx are in this category but it looks like
	//   just adding -es is more popular. (sphinxes)

	// excluded rules: don't care at least for now:
	// Words that end in -ful that add an s after the -ful
	// Words that end in -s or -ese denoting a national of a particular country
	// Symbols or letters, which often add -'s
}

// baseAcronyms are flect's acronyms, kept whole and in upper case when
// a name is split into words.
var baseAcronyms = map[string]bool{
	"OK":    true,
	"UTF8":  true,
	"HTML":  true,
	"JSON":  true,
	"JWT":   true,
	"ID":    true,
	"UUID":  true,
	"SQL":   true,
	"ACK":   true,
	"ACL":   true,
	"ADSL":  true,
	"AES":   true,
	"ANSI":  true,
	"API":   true,
	"ARP":   true,
	"ATM":   true,
	"BGP":   true,
	"BSS":   true,
	"CCITT": true,
	"CHAP":  true,
	"CIDR":  true,
	"CIR":   true,
	"CLI":   true,
	"CPE":   true,
	"CPU":   true,
	"CRC":   true,
	"CRT":   true,
	"CSMA":  true,
	"CMOS":  true,
	"DCE":   true,
	"DEC":   true,
	"DES":   true,
	"DHCP":  true,
	"DNS":   true,
	"DRAM":  true,
	"DSL":   true,
	"DSLAM": true,
	"DTE":   true,
	"DMI":   true,
	"EHA":   true,
	"EIA":   true,
	"EIGRP": true,
	"EOF":   true,
	"ESS":   true,
	"FCC":   true,
	"FCS":   true,
	"FDDI":  true,
	"FTP":   true,
	"GBIC":  true,
	"gbps":  true,
	"GEPOF": true,
	"HDLC":  true,
	"HTTP":  true,
	"HTTPS": true,
	"IANA":  true,
	"ICMP":  true,
	"IDF":   true,
	"IDS":   true,
	"IEEE":  true,
	"IETF":  true,
	"IMAP":  true,
	"IP":    true,
	"IPS":   true,
	"ISDN":  true,
	"ISP":   true,
	"kbps":  true,
	"LACP":  true,
	"LAN":   true,
	"LAPB":  true,
	"LAPF":  true,
	"LLC":   true,
	"MAC":   true,
	"Mbps":  true,
	"MC":    true,
	"MDF":   true,
	"MIB":   true,
	"MoCA":  true,
	"MPLS":  true,
	"MTU":   true,
	"NAC":   true,
	"NAT":   true,
	"NBMA":  true,
	"NIC":   true,
	"NRZ":   true,
	"NRZI":  true,
	"NVRAM": true,
	"OSI":   true,
	"OSPF":  true,
	"OUI":   true,
	"PAP":   true,
	"PAT":   true,
	"PC":    true,
	"PIM":   true,
	"PCM":   true,
	"PDU":   true,
	"POP3":  true,
	"POTS":  true,
	"PPP":   true,
	"PPTP":  true,
	"PTT":   true,
	"PVST":  true,
	"RAM":   true,
	"RARP":  true,
	"RFC":   true,
	"RIP":   true,
	"RLL":   true,
	"ROM":   true,
	"RSTP":  true,
	"RTP":   true,
	"RCP":   true,
	"SDLC":  true,
	"SFD":   true,
	"SFP":   true,
	"SLARP": true,
	"SLIP":  true,
	"SMTP":  true,
	"SNA":   true,
	"SNAP":  true,
	"SNMP":  true,
	"SOF":   true,
	"SRAM":  true,
	"SSH":   true,
	"SSID":  true,
	"STP":   true,
	"SYN":   true,
	"TDM":   true,
	"TFTP":  true,
	"TIA":   true,
	"TOFU":  true,
	"UDP":   true,
	"URL":   true,
	"URI":   true,
	"USB":   true,
	"UTP":   true,
	"VC":    true,
	"VLAN":  true,
	"VLSM":  true,
	"VPN":   true,
	"W3C":   true,
	"WAN":   true,
	"WEP":   true,
	"WiFi":  true,
	"WPA":   true,
	"WWW":   true,
}
