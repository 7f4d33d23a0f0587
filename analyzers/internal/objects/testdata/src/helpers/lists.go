package helpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DeletePods deletes every item of the list it is given: serverWritten
// for the list.
func DeletePods(ctx context.Context, c client.Client, list *corev1.PodList) error { // want DeletePods:`serverWritten\(2\)`
	for i := range list.Items {
		if err := c.Delete(ctx, &list.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// RelabelPods updates each element of a slice of objects, copied by the
// range loop.
func RelabelPods(ctx context.Context, c client.Client, pods []corev1.Pod) error { // want RelabelPods:`serverWritten\(2\)`
	for _, p := range pods {
		p.Labels = map[string]string{"a": "b"}
		if err := c.Update(ctx, &p); err != nil {
			return err
		}
	}
	return nil
}

// CountPods only reads the list: no fact.
func CountPods(list *corev1.PodList) int {
	return len(list.Items)
}

// deleteOne deletes its parameter; unexported, its fact says so for its
// package's other helpers' sake.
func deleteOne(ctx context.Context, c client.Client, p *corev1.Pod) error { // want deleteOne:`serverWritten\(2\)`
	return c.Delete(ctx, p)
}

// DeleteThrough deletes the items of the list through deleteOne.
func DeleteThrough(ctx context.Context, c client.Client, list *corev1.PodList) error { // want DeleteThrough:`serverWritten\(2\)`
	for i := range list.Items {
		if err := deleteOne(ctx, c, &list.Items[i]); err != nil {
			return err
		}
	}
	return nil
}
