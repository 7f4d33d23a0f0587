package plugin

// ResetForms forgets the forms built so far, as a new golangci-lint run
// would: tests build both forms in one process.
func ResetForms() {
	forms.mu.Lock()
	defer forms.mu.Unlock()
	forms.one, forms.perCk = false, nil
}
