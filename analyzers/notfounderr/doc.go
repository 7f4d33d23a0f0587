// Package notfounderr defines an Analyzer that reports a reconciler that
// returns the NotFound error of fetching the object it was asked to
// reconcile.
//
// # Analyzer notfounderr
//
// notfounderr: report Reconcile returning the NotFound error of the requested object
//
// When Reconcile(ctx, req) gets the object named by req and returns the
// error unfiltered (return ctrl.Result{}, err, or the error wrapped with
// fmt.Errorf("...: %w", err)), the request of a deleted object fails for
// ever: controller-runtime requeues it with backoff and logs a Reconciler
// error each time. Filter it with client.IgnoreNotFound(err), or return nil
// on an apierrors.IsNotFound branch. A re-fetch after an earlier Get of the
// same object has dealt with NotFound is not reported.
package notfounderr
