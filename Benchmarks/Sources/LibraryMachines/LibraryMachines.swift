// The library of the benchmark's cross-module rows. generate-machines writes its machines
// into Machines/ and Generated/ (see Sources/generate-machines/main.swift); this file only
// keeps the target from being empty in a fresh clone, before they are written.
