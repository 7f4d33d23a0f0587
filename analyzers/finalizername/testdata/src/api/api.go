// Package api declares finalizer names that another package uses.
package api

// Used only by package controller: reported there, at its first use.
const LegacyFinalizer = "finalizer.apps.example.com"

const GoodFinalizer = "apps.example.com/cleanup"

// Added by package webhooks, through a descriptor's field.
const WidgetFinalizer = "widget.apps.example.com"
