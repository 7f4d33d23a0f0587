package main

import "fixtures/server"

func main() {
	_ = server.Run() // want `grants list, watch on configmaps \(group core\), which For\(v1.ConfigMap\) at controller.go:\d+ of the manager made at server.go:13 \(which this call runs\) needs`
}
