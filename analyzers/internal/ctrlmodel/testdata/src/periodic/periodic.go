package periodic

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// A channel made here, fed by a goroutine on a ticker.
type TickerReconciler struct{ client.Client }

func (r *TickerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: WatchesRawSource\(source.Channel\(events, &handler.EnqueueRequestForObject{}\)\)`
	return ctrl.Result{}, nil
}

func (r *TickerReconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager) error {
	events := make(chan event.GenericEvent)
	go func() {
		ticker := time.NewTicker(time.Minute)
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				var list corev1.ConfigMapList
				if err := r.List(ctx, &list); err != nil {
					continue
				}
				for i := range list.Items {
					events <- event.GenericEvent{Object: &list.Items[i]}
				}
			}
		}
	}()
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WatchesRawSource(source.Channel(events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// A channel kept in a field, fed by a runnable that wait.Until calls on a
// period, through a method.
type UntilReconciler struct {
	client.Client
	events chan event.GenericEvent
}

func (r *UntilReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: WatchesRawSource\(source.Channel\(r.events, &handler.EnqueueRequestForObject{}\)\)`
	return ctrl.Result{}, nil
}

func (r *UntilReconciler) enqueueAll(ctx context.Context) {
	var list corev1.SecretList
	if err := r.List(ctx, &list); err != nil {
		return
	}
	for i := range list.Items {
		r.events <- event.GenericEvent{Object: &list.Items[i]}
	}
}

func (r *UntilReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.events = make(chan event.GenericEvent)
	if err := mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		wait.UntilWithContext(ctx, r.enqueueAll, 5*time.Minute)
		return nil
	})); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}).
		WatchesRawSource(source.Channel(r.events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// A source.Func that adds to its queue on every tick.
type FuncReconciler struct{ client.Client }

func (r *FuncReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: WatchesRawSource\(source.Func\(…\)\)`
	return ctrl.Result{}, nil
}

func (r *FuncReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}).
		WatchesRawSource(source.Func(func(ctx context.Context, q workqueue.TypedRateLimitingInterface[reconcile.Request]) error {
			go func() {
				for range time.Tick(time.Minute) {
					q.Add(reconcile.Request{})
				}
			}()
			return nil
		})).
		Complete(r)
}

// A source type of the package whose Start sleeps between adds.
type sleeper struct{ period time.Duration }

func (s *sleeper) Start(ctx context.Context, q workqueue.TypedRateLimitingInterface[reconcile.Request]) error {
	go func() {
		for ctx.Err() == nil {
			q.AddRateLimited(reconcile.Request{})
			time.Sleep(s.period)
		}
	}()
	return nil
}

type SleeperReconciler struct{ client.Client }

func (r *SleeperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: WatchesRawSource\(&sleeper{…}\)`
	return ctrl.Result{}, nil
}

func (r *SleeperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Pod{}).
		WatchesRawSource(&sleeper{period: time.Minute}).
		Complete(r)
}

// Twins. A channel fed once per notification, not on a timer.
type NotifyReconciler struct {
	client.Client
	events chan event.GenericEvent
}

func (r *NotifyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: none`
	return ctrl.Result{}, nil
}

// Notify is called by a webhook: one event per call.
func (r *NotifyReconciler) Notify(objs []client.Object) {
	for _, o := range objs {
		r.events <- event.GenericEvent{Object: o}
	}
}

func (r *NotifyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.events = make(chan event.GenericEvent)
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		WatchesRawSource(source.Channel(r.events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// A loop that waits only for the context: no timer.
type DoneReconciler struct{ client.Client }

func (r *DoneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: none`
	return ctrl.Result{}, nil
}

func (r *DoneReconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager, in <-chan client.Object) error {
	events := make(chan event.GenericEvent)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case o := <-in:
				events <- event.GenericEvent{Object: o}
			}
		}
	}()
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Node{}).
		WatchesRawSource(source.Channel(events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// A ticker in the loop, but of another channel: the source's channel is
// fed only once.
type OtherChanReconciler struct{ client.Client }

func (r *OtherChanReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: none`
	return ctrl.Result{}, nil
}

func (r *OtherChanReconciler) SetupWithManager(mgr ctrl.Manager, metrics chan<- int) error {
	events := make(chan event.GenericEvent, 1)
	events <- event.GenericEvent{Object: &corev1.Endpoints{}}
	go func() {
		for range time.Tick(time.Minute) {
			metrics <- 1
		}
	}()
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Endpoints{}).
		WatchesRawSource(source.Channel(events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// A source.Func that adds once.
type OnceReconciler struct{ client.Client }

func (r *OnceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: none`
	return ctrl.Result{}, nil
}

func (r *OnceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.PersistentVolumeClaim{}).
		WatchesRawSource(source.Func(func(ctx context.Context, q workqueue.TypedRateLimitingInterface[reconcile.Request]) error {
			q.Add(reconcile.Request{})
			return nil
		})).
		Complete(r)
}

// A timer that is only the timeout of a wait for events: the sends come
// from the other case.
type TimeoutReconciler struct{ client.Client }

func (r *TimeoutReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: none`
	return ctrl.Result{}, nil
}

func (r *TimeoutReconciler) SetupWithManager(mgr ctrl.Manager, in <-chan client.Object) error {
	events := make(chan event.GenericEvent)
	go func() {
		for {
			select {
			case o := <-in:
				events <- event.GenericEvent{Object: o}
			case <-time.After(30 * time.Second):
			}
		}
	}()
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ServiceAccount{}).
		WatchesRawSource(source.Channel(events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// A sleep that throttles a loop over events: each send still waits for
// one.
type ThrottledReconciler struct{ client.Client }

func (r *ThrottledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `periodic: none`
	return ctrl.Result{}, nil
}

func (r *ThrottledReconciler) SetupWithManager(mgr ctrl.Manager, in <-chan client.Object) error {
	events := make(chan event.GenericEvent)
	go func() {
		for {
			o := <-in
			events <- event.GenericEvent{Object: o}
			time.Sleep(time.Second)
		}
	}()
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.LimitRange{}).
		WatchesRawSource(source.Channel(events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}
