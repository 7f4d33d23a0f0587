// Package lists asks the object layer about Lists, their options, and
// the writes of their items, directly and through the helpers of another
// package.
package lists

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/helpers"
	"fixtures/probe"
)

func Options(ctx context.Context, c client.Client, ns string, sel labels.Selector, opts []client.ListOption, held client.ListOption) {
	var list corev1.PodList
	probe.Listing(c.List(ctx, &list))                                                               // want `^listing List$`
	probe.Listing(c.List(ctx, &list, client.MatchingLabels{"app": "a"}))                            // want `^listing List labels\(1\)$`
	probe.Listing(c.List(ctx, &list, client.HasLabels{"app"}, client.InNamespace(ns)))              // want `^listing List namespace labels\(1\)$`
	probe.Listing(c.List(ctx, &list, client.MatchingLabelsSelector{Selector: sel}))                 // want `^listing List labels\(1\)$`
	probe.Listing(c.List(ctx, &list, &client.ListOptions{LabelSelector: sel}))                      // want `^listing List labels\(0\)$`
	probe.Listing(c.List(ctx, &list, &client.ListOptions{LabelSelector: sel, Namespace: ns}))       // want `^listing List namespace labels\(0\)$`
	probe.Listing(c.List(ctx, &list, client.MatchingFields{"spec.nodeName": "n"}, client.Limit(3))) // want `^listing List$`
	probe.Listing(c.List(ctx, &list, opts...))                                                      // want `^listing List open$`
	probe.Listing(c.DeleteAllOf(ctx, &corev1.Pod{}, client.MatchingLabels{"app": "a"}))             // want `^listing DeleteAllOf labels\(1\)$`
	var opt client.ListOption = client.InNamespace(ns)
	probe.Listing(c.List(ctx, &list, opt))                       // want `^listing List namespace$`
	probe.Listing(c.List(ctx, &list, held))                      // want `^listing List open$`
	probe.Listing(c.Get(ctx, client.ObjectKey{}, &corev1.Pod{})) // want `^no listing$`
}

func Writes(ctx context.Context, c client.Client, other *corev1.Pod) {
	var list corev1.PodList
	_ = c.List(ctx, &list, client.MatchingLabels{"app": "a"})
	for i := range list.Items {
		probe.Writes(c.Delete(ctx, &list.Items[i]), &list) // want `^writes an item$`
	}
	for _, p := range list.Items {
		probe.Writes(c.Patch(ctx, &p, client.MergeFrom(other)), &list) // want `^writes an item$`
		probe.Writes(c.Status().Update(ctx, &p), &list)                // want `^writes an item$`
		probe.Writes(c.Create(ctx, &p), &list)                         // want `^writes nothing$`
	}
	probe.Writes(c.Update(ctx, other), &list)                    // want `^writes another object$`
	probe.Writes(helpers.DeletePods(ctx, c, &list), &list)       // want `^writes the list$`
	probe.Writes(helpers.RelabelPods(ctx, c, list.Items), &list) // want `^writes an item$`
	probe.Writes(helpers.DeleteThrough(ctx, c, &list), &list)    // want `^writes the list$`
	_ = helpers.CountPods(&list)
}
